import Foundation

extension ConformanceReport {
    /// The report as JSON (every outcome with its evidence and replay command).
    public func json() -> String {
        struct Document: Encodable {
            let report: ConformanceReport
            let success: Bool
            let replay: [String: String]
        }
        let replay = Dictionary(
            failures.map { ("\($0.implementation) \($0.checkID)", $0.replayCommand(tool: tool)) },
            uniquingKeysWith: { a, _ in a })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = (try? encoder.encode(Document(report: self, success: isSuccess, replay: replay))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
