extension SimulationCalibration {
    static let keys = ["name", "implementation", "overhead_ns", "wakeup_ns", "handoff_ns"]

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

        """
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
