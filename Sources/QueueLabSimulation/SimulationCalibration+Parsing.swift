extension SimulationCalibration {
    /// The version line's name, written first as a comment (`# queuelab-calibration/1`).
    public static let schema = "queuelab-calibration/1"

    static let keys = [
        "name", "implementation", "overhead_ns", "wakeup_ns", "handoff_ns", "add_ns", "make_ns", "edge_ns",
        "stall_per_s", "stall_ns", "stall_tail_per_s", "stall_tail_ns", "spawn_ns",
    ]

    /// The largest per-operation cost read: a second. With the workloads' largest size (10^8
    /// operations) and every cost summed, virtual time stays far from UInt64's end, so the
    /// simulation's arithmetic cannot trap on a calibration that parsed.
    static let largestCost: UInt64 = 1_000_000_000
    /// The largest stall rate read: a million a second, a stall every microsecond.
    static let largestStallRate = 1_000_000.0
    /// The longest stall or start-up delay read: a minute.
    static let largestDuration: UInt64 = 60_000_000_000
    /// The most durations a list holds (a measured calibration writes about a hundred).
    static let largestDurationCount = 100_000
    /// The largest calibration file read: a few hundred bytes of keys and at most two lists of
    /// 100,000 durations.
    public static let largestFile = 4 << 20

    /// Reads the `queuelab-calibration/1` text.
    ///
    /// - Throws: ``CalibrationError`` naming the line and what is wrong (no version line or another
    ///   version, a last line cut short, a missing or repeated key, an unknown one, a cost that is
    ///   negative or not a whole number of nanoseconds).
    public init(parsing text: String) throws(CalibrationError) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        try Self.checkVersion(lines[0])
        // The writer ends every line with a line feed: a last line without one was cut, and a cost
        // or a list cut short still parses as a smaller one, so the cut is refused, never read.
        if let last = lines.last, !last.isEmpty {
            throw CalibrationError(
                line: lines.count, message: "the last line ends without a line break: the file was cut short")
        }
        var values: [String: String] = [:]
        for (offset, raw) in lines.enumerated().dropFirst() {
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
            guard value <= Self.largestCost else {
                throw CalibrationError(
                    line: 0, message: "\(key) = \(text) is over a second: no cost of one operation is that large")
            }
            return value
        }
        guard let name = values["name"] else { throw CalibrationError(line: 0, message: "'name' is missing") }
        self.init(
            name: name, implementation: values["implementation"] ?? name, overheadNanoseconds: try cost("overhead_ns"),
            wakeupNanoseconds: try cost("wakeup_ns"), handOffNanoseconds: try cost("handoff_ns"))
        addNanoseconds = values["add_ns"] == nil ? 0 : try cost("add_ns")
        makeNanoseconds = values["make_ns"] == nil ? 0 : try cost("make_ns")
        edgeNanoseconds = values["edge_ns"] == nil ? 0 : try cost("edge_ns")
        (stallsPerSecond, stallNanoseconds) = try Self.stalls(
            rate: values["stall_per_s"], durations: values["stall_ns"], keys: ("stall_per_s", "stall_ns"))
        (tailStallsPerSecond, tailStallNanoseconds) = try Self.stalls(
            rate: values["stall_tail_per_s"], durations: values["stall_tail_ns"],
            keys: ("stall_tail_per_s", "stall_tail_ns"))
        guard tailStallsPerSecond == 0 || stallsPerSecond > 0 else {
            throw CalibrationError(
                line: 0, message: "stall_tail_per_s is the tail of stall_per_s's stalls: give stall_per_s too")
        }
        if let spawns = values["spawn_ns"] {
            spawnNanoseconds = try Self.durations(spawns, key: "spawn_ns", least: 0)
            // A start-up of a minute is no measurement, and the sum with a virtual time must not wrap.
            if let absurd = spawnNanoseconds.last, absurd > Self.largestDuration {
                throw CalibrationError(line: 0, message: "spawn_ns: \(absurd) is over a minute: not a start-up")
            }
        }
    }

    /// The first line must name this version: a file of another version (its keys may mean other
    /// things) or without the line (another file, or one cut before it) is refused, never guessed at.
    private static func checkVersion(_ line: Substring) throws(CalibrationError) {
        let content = line.trimmed
        let named = content.hasPrefix("#") ? content.dropFirst().drop(while: \.isWhitespace) : ""
        if named == schema { return }
        if named.hasPrefix(schema.prefix { $0 != "/" } + "/") {
            throw CalibrationError(
                line: 1, message: "format \(named.prefix(40)) is another version; this QueueLab reads \(schema)")
        }
        throw CalibrationError(line: 1, message: "no version line: the first line must be '# \(schema)'")
    }

    /// A comma-separated list of whole nanoseconds of at least `least`, ascending.
    private static func durations(_ text: String, key: String, least: UInt64) throws(CalibrationError) -> [UInt64] {
        var values: [UInt64] = []
        let bound = least == 0 ? "of 0 or more" : "above \(least - 1)"
        for piece in text.split(separator: ",") {
            let item = piece.trimmed
            guard let value = UInt64(item), value >= least else {
                throw CalibrationError(
                    line: 0, message: "\(key): '\(item)' is not a whole number of nanoseconds \(bound)")
            }
            guard value <= largestDuration else {
                throw CalibrationError(line: 0, message: "\(key): \(item) is over a minute: no stall or start-up")
            }
            values.append(value)
            guard values.count <= largestDurationCount else {
                throw CalibrationError(line: 0, message: "\(key): more than \(largestDurationCount) durations")
            }
        }
        return values.sorted()
    }

    /// A rate and its durations (`stall_per_s` and `stall_ns`, or the tail's), both or neither.
    private static func stalls(
        rate: String?, durations: String?, keys: (rate: String, durations: String)
    ) throws(CalibrationError) -> (Double, [UInt64]) {
        switch (rate, durations) {
        case (nil, nil): return (0, [])
        case (let rate?, let durations?):
            guard let perSecond = Double(rate), perSecond.isFinite, perSecond >= 0, perSecond <= largestStallRate
            else {
                throw CalibrationError(
                    line: 0, message: "\(keys.rate) = \(rate) is not a rate of 0 to \(Int(largestStallRate)) a second")
            }
            let values = try Self.durations(durations, key: keys.durations, least: 1)
            guard !values.isEmpty || perSecond == 0 else {
                throw CalibrationError(line: 0, message: "\(keys.durations) is empty but \(keys.rate) is not 0")
            }
            return (perSecond, values)
        default:
            throw CalibrationError(
                line: 0, message: "\(keys.rate) and \(keys.durations) come together: one is missing")
        }
    }

    /// The text ``init(parsing:)`` reads back as this calibration.
    public var text: String {
        """
        # \(Self.schema)
        name = \(name)
        implementation = \(implementation)
        overhead_ns = \(overheadNanoseconds)
        wakeup_ns = \(wakeupNanoseconds)
        handoff_ns = \(handOffNanoseconds)

        """ + producerText + stallText + spawnText
    }

    private var spawnText: String {
        spawnNanoseconds.isEmpty ? "" : "spawn_ns = \(spawnNanoseconds.map(String.init).joined(separator: ", "))\n"
    }

    private var producerText: String {
        [("add_ns", addNanoseconds), ("make_ns", makeNanoseconds), ("edge_ns", edgeNanoseconds)]
            .filter { $0.1 > 0 }.map { "\($0.0) = \($0.1)\n" }.joined()
    }

    private var stallText: String {
        func lines(_ keys: (String, String), _ rate: Double, _ durations: [UInt64]) -> String {
            guard rate > 0 || !durations.isEmpty else { return "" }
            return "\(keys.0) = \(rate)\n\(keys.1) = \(durations.map(String.init).joined(separator: ", "))\n"
        }
        return lines(("stall_per_s", "stall_ns"), stallsPerSecond, stallNanoseconds)
            + lines(("stall_tail_per_s", "stall_tail_ns"), tailStallsPerSecond, tailStallNanoseconds)
    }
}

/// Why a calibration file was refused; `line` 0 when the problem is the file as a whole.
public struct CalibrationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The 1-based line the problem is on; 0 when it is not one line's (a missing key, a value out
    /// of range, a rate without its durations).
    public let line: Int
    /// What is wrong, naming the key or text at fault.
    public let message: String

    public var description: String { line > 0 ? "calibration line \(line): \(message)" : "calibration: \(message)" }
}

extension Substring {
    fileprivate var trimmed: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
