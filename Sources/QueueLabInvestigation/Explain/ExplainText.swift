import QueueLabCore

/// Shared pieces of the text reports: durations, columns, bars.
enum ExplainText {
    /// `412 ns`, `3.20 µs`, `41.2 ms`, `2.31 s`: three significant figures, the unit chosen by size.
    static func duration(_ nanoseconds: some BinaryInteger) -> String { duration(Double(nanoseconds)) }

    static func duration(_ nanoseconds: Double) -> String {
        let magnitude = Swift.abs(nanoseconds)
        let (value, unit): (Double, String) =
            magnitude >= 1e9
            ? (nanoseconds / 1e9, "s")
            : magnitude >= 1e6
                ? (nanoseconds / 1e6, "ms") : magnitude >= 1e3 ? (nanoseconds / 1e3, "µs") : (nanoseconds, "ns")
        return "\(significant(value)) \(unit)"
    }

    static func significant(_ value: Double) -> String {
        let magnitude = Swift.abs(value)
        let decimals = magnitude >= 100 || magnitude == 0 ? 0 : magnitude >= 10 ? 1 : 2
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if decimals == 0 { return String(Int(rounded)) }
        let whole = Int(rounded)
        var fraction = String(Int((Swift.abs(rounded - Double(whole)) * scale).rounded()))
        while fraction.count < decimals { fraction = "0" + fraction }
        return "\(rounded < 0 && whole == 0 ? "-" : "")\(whole).\(fraction)"
    }

    static func percent(_ part: Int, of whole: Int) -> String {
        whole <= 0 ? "-" : "\(significant(Double(part) * 100 / Double(whole))) %"
    }

    /// `text` padded to `width` on the right (left-aligned), or on the left when `right`.
    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: Swift.max(0, width - text.count))
        return right ? padding + text : text + padding
    }

    /// One character per value, from a space (0) to a full block (`top`).
    static func bars(_ values: [Double], top: Double) -> String {
        let levels: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        return String(
            values.map { value in
                guard top > 0 else { return levels[0] }
                let level = Int((value / top * 8).rounded())
                return levels[Swift.min(8, Swift.max(0, level))]
            })
    }

    /// A phase as the critical path's sentence names it.
    static func pathWording(_ key: String) -> String {
        switch key {
        case ExplainPhase.body.rawValue: "of bodies"
        case ExplainPhase.suspended.rawValue: "with the queue suspended"
        case ExplainPhase.slotWait.rawValue: "waiting for slots"
        case ExplainPhase.heldBack.rawValue: "held back by the policy"
        case ExplainPhase.queueOverhead.rawValue: "of queue overhead"
        case ExplainPhase.handOff.rawValue: "handing the operation to its body"
        case ExplainPhase.release.rawValue: "from body end to finished"
        case ExplainPhase.dependencies.rawValue: "waiting for dependencies"
        case ExplainPhase.addCall.rawValue: "inside the queue's add call"
        case ExplainPhase.cancelled.rawValue: "in cancelled operations"
        case CriticalPath.arrival: "before the operation was added"
        default: key
        }
    }

    /// "makespan 41 ms: 30 ms of bodies on the path, 8 ms waiting for slots, ...", largest first.
    static func pathSentence(_ path: CriticalPath) -> String {
        let parts = path.phases.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map {
            "\(duration($0.value)) \(pathWording($0.key))"
        }
        return "makespan \(duration(path.makespanNanoseconds)): "
            + (parts.isEmpty ? "nothing ran" : parts.joined(separator: ", ")) + " (critical path)"
    }
}
