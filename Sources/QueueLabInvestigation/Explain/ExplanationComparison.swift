import QueueLabCore

/// Two explained runs side by side (two implementations, two policies, base and head): the same
/// figures with the ratio B/A.
public struct ExplanationComparison: Sendable, Encodable {
    /// The schema name and version of the comparison's JSON.
    public static let schema = "queuelab-explain-comparison/1"

    /// The schema the JSON was written with: ``schema``.
    public var schema = ExplanationComparison.schema
    /// The first run (A).
    public var a: RunExplanation
    /// The second run (B).
    public var b: RunExplanation
    /// B/A per figure; absent where A is zero.
    public var ratios: [String: Double]

    /// A compared with B.
    public init(_ a: RunExplanation, _ b: RunExplanation) {
        self.a = a
        self.b = b
        var ratios: [String: Double] = [:]
        for row in Self.rows(a, b) where row.a != 0 { ratios[row.key] = row.b / row.a }
        self.ratios = ratios
    }

    /// Each compared figure: per-operation means of the phases, then the run-wide ones.
    static func rows(_ a: RunExplanation, _ b: RunExplanation) -> [(key: String, a: Double, b: Double, time: Bool)] {
        func perOperation(_ run: RunExplanation, _ phase: ExplainPhase) -> Double {
            run.operations == 0 ? 0 : Double(run.phase(phase)) / Double(run.operations)
        }
        var rows = ExplainPhase.allCases.map { phase in
            (key: "\(phase.rawValue) per operation", a: perOperation(a, phase), b: perOperation(b, phase), time: true)
        }
        rows.append(("makespan", Double(a.makespanNanoseconds), Double(b.makespanNanoseconds), true))
        for phase in [ExplainPhase.body, .slotWait, .heldBack, .queueOverhead] {
            rows.append(
                (
                    "critical path \(phase.rawValue)", Double(a.criticalPath.phases[phase.rawValue] ?? 0),
                    Double(b.criticalPath.phases[phase.rawValue] ?? 0), true
                ))
        }
        rows.append(("capacity lost", Double(a.capacityLostNanoseconds), Double(b.capacityLostNanoseconds), true))
        rows.append(
            (
                "capacity lost to the add path", Double(a.addPath.capacityLostNanoseconds),
                Double(b.addPath.capacityLostNanoseconds), true
            ))
        rows.append(("add call p50", Double(a.addPath.callP50), Double(b.addPath.callP50), true))
        rows.append(
            ("queue overhead per operation", a.overheadPerOperationNanoseconds, b.overheadPerOperationNanoseconds, true)
        )
        // Per priority present in both runs: what each class waited, and its slowest operation's life.
        for first in a.byPriority {
            guard let second = b.byPriority.first(where: { $0.name == first.name }) else { continue }
            rows.append(("\(first.name) life p99", Double(first.lifeP99), Double(second.lifeP99), true))
            rows.append(("\(first.name) queue wait p50", Double(first.queueWaitP50), Double(second.queueWaitP50), true))
            rows.append(("\(first.name) queue wait p99", Double(first.queueWaitP99), Double(second.queueWaitP99), true))
        }
        // An inversion in numbers: operations of lower priority on the path of a class's slowest one.
        for (name, first) in a.slowestPaths.sorted(by: { $0.key < $1.key }) {
            guard let second = b.slowestPaths[name] else { continue }
            rows.append(
                (
                    "slowest \(name): lower priorities on its path", Double(first.linksBelow(name)),
                    Double(second.linksBelow(name)), false
                ))
        }
        rows.append(("operations", Double(a.operations), Double(b.operations), false))
        return rows
    }

    /// The comparison `queuelab explain` prints: both runs' critical paths, then A, B and B/A per figure.
    public func text() -> String {
        var lines = [
            "A: \(a.title.isEmpty ? "first run" : a.title)", "B: \(b.title.isEmpty ? "second run" : b.title)",
            "A \(ExplainText.pathSentence(a.criticalPath))", "B \(ExplainText.pathSentence(b.criticalPath))", "",
            ExplainText.pad("", 34) + ExplainText.pad("A", 11, right: true) + ExplainText.pad("B", 11, right: true)
                + ExplainText.pad("B/A", 9, right: true),
        ]
        for row in Self.rows(a, b) {
            let show: (Double) -> String = { row.time ? ExplainText.duration($0) : String(Int($0)) }
            let ratio = row.a == 0 ? "-" : ExplainText.significant(row.b / row.a)
            lines.append(
                ExplainText.pad(row.key, 34) + ExplainText.pad(show(row.a), 11, right: true)
                    + ExplainText.pad(show(row.b), 11, right: true) + ExplainText.pad(ratio, 9, right: true))
        }
        return lines.joined(separator: "\n")
    }
}
