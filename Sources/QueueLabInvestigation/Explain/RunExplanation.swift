import QueueLabCore

/// Where a traced run's time went (`queuelab explain`): every finished operation's life split into
/// ``ExplainPhase``s, summed per priority and per queue, the run's ``CriticalPath``, and each queue's
/// ``QueueUtilisation``, and the producers' side, the queues' add calls (``AddPathSummary``). Its JSON is
/// the `queuelab-explain/2` schema (version 2: the `add-call` phase, `addPath`, and each queue's
/// `addPathLostNanoseconds` and `addPathSlots`).
///
/// - Complexity: O(n log n) in the number of transitions.
public struct RunExplanation: Sendable, Encodable {
    /// The schema name and version of the explanation's JSON.
    public static let schema = "queuelab-explain/2"

    /// The schema the JSON was written with: ``schema``.
    public var schema = RunExplanation.schema
    /// What was run (implementation, policy, workload), as the trace recorded it.
    public var metadata: [String: String]
    /// Finished operations, the ones explained.
    public var operations: Int
    /// Operations with transitions but no `finished` (left out).
    public var unfinished: Int
    /// Operations whose body stamped its own start and end.
    public var bodiesStamped: Int
    /// The run's first addition (entering its add call, when stamped) to its last finish.
    public var makespanNanoseconds: Int
    /// Nanoseconds per phase over every operation.
    public var phases: [String: Int]
    /// Per operation, the slot-time the queues spent without running a body while work was waiting
    /// for the queue: hand-off and release (which hold a slot), the capacity lost (free slots with
    /// work ready) and the capacity lost to the add path (free slots, nothing ready, an add call in
    /// progress). Not in it: slots free while the producers did their own work between adds.
    public var overheadPerOperationNanoseconds: Double
    /// The producers' side: time inside the queues' add calls, and the capacity it cost.
    public var addPath: AddPathSummary
    /// The operations' phases per priority, highest priority first.
    public var byPriority: [ClassSummary]
    /// The operations' phases per queue that ran any, in the run's order, then operations of no known
    /// queue (`unknown queue`) if any.
    public var byQueue: [ClassSummary]
    /// The chain of operations and waits that ended at the run's last finish.
    public var criticalPath: CriticalPath
    /// Per priority, when the run has more than one: the path within the life of that priority's
    /// slowest operation (longest from added to finished), back from its finish to its addition.
    /// The run's path shows what bounded the makespan; these show what held each class up, where an
    /// inversion is seen (lower-priority bodies on a high-priority operation's path).
    public var slowestPaths: [String: CriticalPath]
    /// Each recorded queue's slot use and capacity lost, in the run's order of queues.
    public var utilisation: [QueueUtilisation]
    /// What this trace cannot show.
    public var limits: [String]

    /// - Parameters:
    ///   - run: consumed: its transitions are let go once the lives are built, which is most of a
    ///     large run's memory when the caller keeps no copy.
    ///   - buckets: how many time buckets each queue's utilisation timeline has.
    public init(_ run: consuming RecordedRun, buckets: Int = 20) {
        let lives = RunLives(copy run)
        let queues = run.queues
        let dependencies = run.dependencies
        metadata = run.metadata
        run.transitions = []
        run.bodies = [:]
        let (addCalls, addSummary) = AddPathSummary.calls(run.addCalls, queueOf: run.queueOf, queues: queues.count)
        let stampedAdds = !run.addCalls.isEmpty
        run.addCalls = [:]
        run.queueOf = [:]
        let all = lives.lives
        var members: [[Int]] = Array(repeating: [], count: queues.count)
        var unqueuedMembers: [Int] = []
        for (index, life) in all.enumerated() {
            if life.queue >= 0 && life.queue < members.count {
                members[life.queue].append(index)
            } else {
                unqueuedMembers.append(index)
            }
        }
        let timelines = queues.indices.map {
            QueueTimeline(
                width: queues[$0].width, lives: all, members: members[$0],
                suspensions: queues[$0].suspensions.map { (Int(clamping: $0.from), Int(clamping: $0.until)) })
        }
        let split = PhaseSplit(
            lives: all, timelines: timelines, unqueued: QueueTimeline(width: -1, lives: all, members: unqueuedMembers))
        let phases = all.indices.map { split.phases(of: $0) }
        var totals = OperationPhases()
        for operation in phases { totals += operation }

        operations = all.count
        unfinished = lives.unfinished
        bodiesStamped = lives.bodiesStamped
        let origin = all.map(\.added).min() ?? 0
        let end = all.map(\.finished).max() ?? 0
        makespanNanoseconds = end - origin
        self.phases = totals.named
        criticalPath = CriticalPath.walk(lives: lives, split: split, dependencies: dependencies)
        utilisation = timelines.indices.map {
            QueueUtilisation(
                queue: $0, name: queues[$0].name, timeline: timelines[$0],
                adds: AddWindows(calls: addCalls[$0], timeline: timelines[$0]), origin: origin, end: end,
                buckets: buckets)
        }
        let lost = utilisation.reduce(0) { $0 + $1.capacityLostNanoseconds }
        var addSummaryWithLoss = addSummary
        addSummaryWithLoss.capacityLostNanoseconds = utilisation.reduce(0) { $0 + $1.addPathLostNanoseconds }
        addPath = addSummaryWithLoss
        overheadPerOperationNanoseconds =
            all.isEmpty
            ? 0
            : Double(totals[.handOff] + totals[.release] + lost + addPath.capacityLostNanoseconds) / Double(all.count)

        var byPriority: [QueuePriority: [Int]] = [:]
        for (index, life) in all.enumerated() { byPriority[life.priority, default: []].append(index) }
        var slowestPaths: [String: CriticalPath] = [:]
        if byPriority.count > 1 {
            for (priority, members) in byPriority {
                guard
                    let slowest = members.max(by: {
                        all[$0].finished - all[$0].added < all[$1].finished - all[$1].added
                    })
                else { continue }
                slowestPaths[priority.description] = CriticalPath.walk(
                    from: slowest, since: all[slowest].added, lives: lives, split: split, dependencies: dependencies)
            }
        }
        self.slowestPaths = slowestPaths
        self.byPriority = byPriority.keys.sorted(by: >).map {
            ClassSummary(name: $0.description, members: byPriority[$0]!, phases: phases, lives: all)
        }
        var byQueue = members.indices.filter { !members[$0].isEmpty }.map {
            ClassSummary(name: "\($0) \(queues[$0].name)", members: members[$0], phases: phases, lives: all)
        }
        if !unqueuedMembers.isEmpty {
            byQueue.append(ClassSummary(name: "unknown queue", members: unqueuedMembers, phases: phases, lives: all))
        }
        self.byQueue = byQueue

        var limits = [
            "completion handlers: they run after finished, outside the trace",
            "the release of dependents is inside the dependents' dependencies phase, not told apart",
        ]
        if !stampedAdds {
            limits.append(
                "add calls were not stamped (a queuelab-transitions/1 trace, or a log installed without the tracing "
                    + "wrapper): the add-call phase is zero and the add path's capacity loss is counted as idle")
        }
        if lives.bodiesStamped < all.count {
            limits.append(
                "\(all.count - lives.bodiesStamped) of \(all.count) bodies did not stamp themselves: their body phase "
                    + "is executing to finished, hand-off and release are zero")
        }
        if queues.isEmpty {
            limits.append(
                "no queue recorded: every operation is explained as one queue, as wide as the most that ran at once")
        } else if queues.contains(where: { $0.width < 1 }) {
            limits.append(
                "a queue whose width the implementation chose (-1) is explained against the most operations it ran "
                    + "at once in this run")
        }
        if lives.unfinished > 0 { limits.append("\(lives.unfinished) operations never finished and are left out") }
        self.limits = limits
    }
}
