extension SimulationCalibration {
    static let keys = [
        "name", "implementation", "overhead_ns", "wakeup_ns", "handoff_ns", "add_ns", "stall_per_s", "stall_ns",
    ]

    /// Reads the `queuelab-calibration/1` text.
    ///
    /// - Throws: ``CalibrationError`` naming the line and what is wrong (a missing or repeated key,
    ///   an unknown one, a cost that is negative or not a whole number of nanoseconds).
    public init(parsing text: String) throws(CalibrationError) {
        var values: [String: String] = [:]
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let content = line.trimmed
            if content.isEmpty { continue }
            let parts = content.split(separator: "=", maxSplits: 1).map { $0.trimmed }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw CalibrationError(line: offset + 1, message: "'\(content)' is not key = value")
            }
            guard Self.keys.contains(parts[0]) else {
                throw CalibrationError(
                    line: offset + 1,
                    message: "unknown key '\(parts[0])'; valid: \(Self.keys.joined(separator: ", "))")
            }
            guard values[parts[0]] == nil else {
                throw CalibrationError(line: offset + 1, message: "'\(parts[0])' given twice")
            }
            values[parts[0]] = parts[1]
        }
        func cost(_ key: String) throws(CalibrationError) -> UInt64 {
            guard let text = values[key] else { throw CalibrationError(line: 0, message: "'\(key)' is missing") }
            if let value = Int64(text), value < 0 {
                throw CalibrationError(line: 0, message: "\(key) = \(text) is negative: a cost is 0 or more")
            }
            guard let value = UInt64(text) else {
                throw CalibrationError(line: 0, message: "\(key) = \(text) is not a whole number of nanoseconds")
            }
            return value
        }
        guard let name = values["name"] else { throw CalibrationError(line: 0, message: "'name' is missing") }
        self.init(
            name: name, implementation: values["implementation"] ?? name, overheadNanoseconds: try cost("overhead_ns"),
            wakeupNanoseconds: try cost("wakeup_ns"), handOffNanoseconds: try cost("handoff_ns"))
        addNanoseconds = values["add_ns"] == nil ? 0 : try cost("add_ns")
        (stallsPerSecond, stallNanoseconds) = try Self.stalls(
            rate: values["stall_per_s"], durations: values["stall_ns"])
    }

    /// `stall_per_s` and `stall_ns`, both or neither.
    private static func stalls(rate: String?, durations: String?) throws(CalibrationError) -> (Double, [UInt64]) {
        switch (rate, durations) {
        case (nil, nil): return (0, [])
        case (let rate?, let durations?):
            guard let perSecond = Double(rate), perSecond.isFinite, perSecond >= 0 else {
                throw CalibrationError(line: 0, message: "stall_per_s = \(rate) is not a rate of 0 or more")
            }
            var values: [UInt64] = []
            for piece in durations.split(separator: ",") {
                let text = String(piece.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
                guard let value = UInt64(text), value > 0 else {
                    throw CalibrationError(
                        line: 0, message: "stall_ns: '\(text)' is not a whole number of nanoseconds above 0")
                }
                values.append(value)
            }
            guard !values.isEmpty || perSecond == 0 else {
                throw CalibrationError(line: 0, message: "stall_ns is empty but stall_per_s is not 0")
            }
            return (perSecond, values.sorted())
        default:
            throw CalibrationError(line: 0, message: "stall_per_s and stall_ns come together: one is missing")
        }
    }

    /// The text ``init(parsing:)`` reads back as this calibration.
    public var text: String {
        """
        # queuelab-calibration/1
        name = \(name)
        implementation = \(implementation)
        overhead_ns = \(overheadNanoseconds)
        wakeup_ns = \(wakeupNanoseconds)
        handoff_ns = \(handOffNanoseconds)

        """ + (addNanoseconds > 0 ? "add_ns = \(addNanoseconds)\n" : "") + stallText
    }

    private var stallText: String {
        guard stallsPerSecond > 0 || !stallNanoseconds.isEmpty else { return "" }
        return
            "stall_per_s = \(stallsPerSecond)\nstall_ns = \(stallNanoseconds.map(String.init).joined(separator: ", "))\n"
    }
}

/// Why a calibration file was refused; `line` 0 when the problem is the file as a whole.
public struct CalibrationError: Error, Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let message: String

    public var description: String { line > 0 ? "calibration line \(line): \(message)" : "calibration: \(message)" }
}

extension Substring {
    fileprivate var trimmed: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
