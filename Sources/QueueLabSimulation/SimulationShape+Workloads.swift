import QueueLabBenchmarks
import QueueLabCore

/// The workloads the simulator can express, and why the others are not (yet).
extension SimulationShape {
    /// The kinds `simulate --workload` takes.
    public static let simulatedKinds: [WorkloadKind] = [
        .makespan, .dag, .chain, .fanout, .priority, .open, .inversion, .overload, .replay,
    ]

    /// Why `kind` cannot be simulated, or nil.
    public static func refusal(_ kind: WorkloadKind) -> String? {
        if simulatedKinds.contains(kind) { return nil }
        let why =
            switch kind {
            case .async, .exclusive, .cancel, .producers, .ping, .idle:
                "it measures the queue's threads (asynchronous finishes, cancels, contention, idling), not an order"
            default: "it has no known shape"
            }
        return "workload \(kind.rawValue) cannot be simulated: \(why); simulated: "
            + simulatedKinds.map(\.rawValue).joined(separator: ", ")
    }

    /// The shape of `workload`: the same graph and draws a sample of it makes.
    ///
    /// - Precondition: ``refusal(_:)`` is nil for its kind.
    public init(_ workload: Workload) throws(WorkloadParseError) {
        switch workload.kind {
        case .makespan:
            let graph = MakespanGraph(workload)
            self.init(durations: graph.costs, edges: graph.edges, addOrder: graph.addOrder)
        case .chain:
            let count = workload["n"]
            self.init(durations: Array(repeating: 0, count: count), edges: (1..<max(1, count)).map { ($0, $0 - 1) })
        case .fanout:
            self.init(fanout: workload["k"], rounds: workload["rounds"])
        case .dag:
            let count = workload["n"]
            let graph = DagGraph.dependencies(count: count, edges: workload["edges"], seed: workload["seed"])
            let edges = graph.enumerated().flatMap { index, dependencies in dependencies.map { (index, $0) } }
            self.init(durations: Array(repeating: 0, count: count), edges: edges)
        case .inversion:
            self.init(inversion: workload)
            producerAddsInTurn = true
        case .overload:
            let levels = OverloadClasses.levels(count: workload["classes"])
            let depth = max(workload["depth"], workload["width"] + 1)
            let priorities = levels.flatMap { Array(repeating: QueuePriority(level: $0), count: depth) }
            let body = UInt64(max(0, workload["us"])) * 1_000
            self.init(durations: Array(repeating: body, count: priorities.count), priorities: priorities)
            refillUntil = UInt64(workload["ms"]) * 1_000_000
        case .priority:
            self.init(priority: workload)
            producerAddsInTurn = true
        case .replay:
            try self.init(replay: ReplaySpec(workload))
        case .open:
            self.init(drawing: OpenLoopDraws(try OpenLoopSpec(workload)))
            producerAddsInTurn = true
        default:
            preconditionFailure(Self.refusal(workload.kind) ?? "unsimulated workload")
        }
        workersStartWarm = workload["warm"] == 1
    }

    /// `inversion`'s timetable: `normal` operations one every `us / util` of the queue's capacity,
    /// and after every `every` of them a `veryLow` and a `veryHigh` that waits for it, due at the
    /// same time and added in one call (the `veryHigh` one's body only records a time: no work).
    init(inversion workload: Workload) {
        let width = UInt64(max(1, workload["width"]))
        let (normal, every) = (workload["n"], workload["every"])
        let body = UInt64(workload["us"]) * 1_000
        let interval = max(1, body * 100 / UInt64(workload["util"]) / width)
        let pairs = normal / every
        var durations: [UInt64] = []
        var priorities: [QueuePriority] = []
        var arrivals: [UInt64] = []
        var edges: [(Int, Int)] = []
        var addedWithPrevious: Set<Int> = []
        for arrival in 0..<normal {
            let time = UInt64(arrival) * interval
            durations.append(body)
            priorities.append(.normal)
            arrivals.append(time)
            guard arrival % every == every / 2, arrival / every < pairs else { continue }
            edges.append((durations.count + 1, durations.count))
            addedWithPrevious.insert(durations.count + 1)
            durations += [body, 0]
            priorities += [.veryLow, .veryHigh]
            arrivals += [time, time]
        }
        self.init(durations: durations, priorities: priorities, arrivals: arrivals, edges: edges)
        self.addedWithPrevious = addedWithPrevious
    }

    /// `priority`: `n` operations of `us` each, at levels drawn as bench draws them (SplitMix64,
    /// seed 7, uniform over the five), added by a producer while the queue runs: all due at time 0,
    /// the simulated producer adds them one `add_ns` apart (``SimulationCalibration/addNanoseconds``).
    init(priority workload: Workload) {
        var random = SplitMix64(seed: 7)
        let count = max(0, workload["n"])
        let priorities = (0..<count).map { _ in QueuePriority(level: Int.random(in: 0..<5, using: &random)) }
        let body = UInt64(max(0, workload["us"])) * 1_000
        self.init(
            durations: Array(repeating: body, count: count), priorities: priorities,
            arrivals: Array(repeating: 0, count: count))
    }

    /// `fanout`'s rounds: a root after the previous sink, `children` after the root, a sink after them.
    init(fanout children: Int, rounds: Int) {
        var edges: [(Int, Int)] = []
        var count = 0
        var previousSink: Int?
        for _ in 0..<rounds {
            let root = count
            if let previousSink { edges.append((root, previousSink)) }
            let sink = root + children + 1
            for child in root + 1..<sink {
                edges.append((child, root))
                edges.append((sink, child))
            }
            count = sink + 1
            previousSink = sink
        }
        self.init(durations: Array(repeating: 0, count: count), edges: edges)
    }
}
