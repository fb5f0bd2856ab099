import Foundation

extension ConformanceReport {
    /// The report as JSON (every outcome with its evidence and replay command).
    public func json() -> String {
        struct Document: Encodable {
            let report: ConformanceReport
            let success: Bool
            let replay: [String: String]
            /// "lock once.cancel-race: 257 cancels landed ... floor 1 in 85 (target 1 in 1000 ...)".
            let shortOfPower: [String]
            /// "lock[aging(step=1ms)] bounded-wait: priority.no-starvation not run".
            let unverifiedPromises: [String]
        }
        let shortOfPower = self.shortOfPower.map {
            "\($0.implementation) \($0.checkID): \($0.power.map(\.description) ?? $0.summary)"
        }
        let unverified = unverifiedPromises.map { item in
            "\(item.implementation) \(item.promise): "
                + item.checks.map { "\($0.id) \($0.verdict)" }.joined(separator: ", ")
        }
        let replay = Dictionary(
            failures.map { ("\($0.implementation) \($0.checkID)", $0.replayCommand(tool: tool)) },
            uniquingKeysWith: { a, _ in a })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data =
            (try? encoder.encode(
                Document(
                    report: self, success: isSuccess, replay: replay, shortOfPower: shortOfPower,
                    unverifiedPromises: unverified))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
