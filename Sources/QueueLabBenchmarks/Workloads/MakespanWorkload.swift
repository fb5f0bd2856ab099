import QueueLabCore

/// `makespan`: a DAG of known work at a fixed width, and how close the queue's order gets to the
/// physical limit of any scheduler, `max(total work / width, longest path's work)`.
///
/// The graph, drawn from the seed: `chains` long chains, chain k of `length / 4^k` operations
/// (800, 200, 50, 12 by default), and independent operations for the rest of `n`. Uneven on
/// purpose: with equal chains, at least as many as the width, a graph-blind order that runs the
/// independent work first still keeps every worker busy on the chains afterwards and loses
/// nothing; one chain longer than the others together is what leaves it a serial tail (Graham's
/// worst case, 2 − 1/width). The default longest chain (800 bodies) is under n / width (1,000) so
/// that the bound is the total work and a perfect order has slack for the queue's own overhead;
/// FIFO, which runs about one chain link per pass over the independent work, is expected near
/// (independent / width + 800) / 1,000 ≈ 1.27.
///
/// Each body spins its cost: `us` microseconds (`cost=const`) or an exponential draw of mean `us`
/// (`cost=exp`). The chains' edges are added in random order and the operations are added, in
/// random order, to a suspended queue (or in one batch when it cannot be suspended), so neither
/// the order of adds nor of edges gives the chains away.
///
/// Figures: `makespan_ns` (resume to the last finish), `makespan_bound_ns` (computed from the
/// graph built), `makespan_over_bound` (1.0 is perfect), and the producer's costs the simulator's
/// calibration reads (each the mean over its loop, two clock reads around the whole loop):
/// `make_ns`, making one operation; `edge_ns`, one `addDependency` call; on a queue that suspends,
/// `add_ns`, one add call to the suspended queue. At width 2 or more, `parallel_after_ns`: resume
/// until two bodies first ran at once on two cores (the whole makespan when they never did). The
/// kernel may put the queue's two new workers on separate cores at once in some runs and stack
/// them on one core for milliseconds in others, time-sharing it while another core idles; that
/// decides which of two modes a width-2 run's makespan falls in (`results/simulate/README.md`,
/// "The second worker's core"). So with `warm=1` (the default) the workers are
/// started, side by side, before the graph is added (`warmWorkers(of:width:)`); workers parked
/// since and woken at the resume still met one core in some runs, which is the queue's wake-up on
/// the machine measured and stays in the figure. Each body notes its core (`sched_getcpu`), so a body
/// preempted on a stacked core, whose wall time spans its neighbour's, is no overlap.
extension WorkloadExecution {
    func makespan() throws -> WorkloadOutcome {
        let graph = MakespanGraph(workload)
        let count = graph.costs.count
        let starts = LatencyTable(count: count)
        let finishes = LatencyTable(count: count)
        let cores = LatencyTable(count: count)
        let queue = makeQueue(width: workload["width"])
        let warmAfter = try warmWorkers(of: queue, width: workload["width"])
        let suspends = Queue.capabilities.contains(.suspension)
        if suspends { queue.isSuspended = true }
        let makesBegan = MonotonicClock.now()
        let operations = (0..<count).map { index in
            let cost = graph.costs[index]
            return Queue.Operation(
                name: nil, priority: .normal,
                body: .synchronous { [harness] _ in
                    let started = harness.begin(index)
                    starts.record(index, MonotonicClock.now())
                    cores.record(index, UInt64(truncatingIfNeeded: LinuxOnly.currentCPU() &+ 2))
                    MonotonicClock.spin(nanoseconds: cost)
                    harness.end(index, started: started)
                    finishes.record(index, MonotonicClock.now())
                })
        }
        let edgesBegan = MonotonicClock.now()
        for (dependent, dependency) in graph.edges { try operations[dependent].addDependency(operations[dependency]) }
        let edgesEnded = MonotonicClock.now()
        var start: UInt64
        var figures: [String: Double] = [:]
        figures["warm_after_ns"] = warmAfter
        figures["make_ns"] = Double(edgesBegan - makesBegan) / Double(Swift.max(1, count))
        if !graph.edges.isEmpty { figures["edge_ns"] = Double(edgesEnded - edgesBegan) / Double(graph.edges.count) }
        if suspends {
            let addsBegan = MonotonicClock.now()
            for index in graph.addOrder {
                harness.willAdd(index)
                try queue.addOperation(operations[index])
            }
            figures["add_ns"] = Double(MonotonicClock.now() - addsBegan) / Double(Swift.max(1, count))
            start = timedPhaseStarts()
            queue.isSuspended = false
        } else {
            start = timedPhaseStarts()
            try addBatch(graph.addOrder.map { operations[$0] }, to: queue)
        }
        try drain(queue)
        let wall = timedPhaseEnds(since: start)
        let lastFinish = finishes.sorted().last ?? start
        let makespan = Double(lastFinish > start ? lastFinish - start : 0)
        let bound = Double(graph.bound(width: workload["width"]))
        figures["makespan_ns"] = makespan
        figures["makespan_bound_ns"] = bound
        figures["makespan_over_bound"] = bound > 0 ? makespan / bound : 0
        if workload["width"] > 1 {
            let overlap = BodyOverlap.first(starts: starts, finishes: finishes, cores: cores, count: count)
            figures["parallel_after_ns"] = overlap.map { Double($0 > start ? $0 - start : 0) } ?? makespan
        }
        return WorkloadOutcome(operations: count, wallNanoseconds: wall, extraFigures: figures)
    }
}

/// The graph `makespan` builds: each operation's cost, the chains' edges, the order of adds. Public
/// so that the simulator (QueueLabSimulation) runs the very graph a sample runs.
package struct MakespanGraph: Sendable {
    /// Nanoseconds of work per operation.
    package private(set) var costs: [UInt64] = []
    /// (dependent, dependency) pairs, in the (random) order they are added.
    package private(set) var edges: [(Int, Int)] = []
    /// The operations' indices in the order they are added to the queue.
    package private(set) var addOrder: [Int] = []
    /// Each chain's operations, dependency first.
    package private(set) var chains: [[Int]] = []

    /// The lengths of the chains: chain k has `length / 4^k` operations (at least one), cut to
    /// what `n` leaves.
    static func chainLengths(n: Int, chains: Int, length: Int) -> [Int] {
        var left = n
        return (0..<chains).map { k in
            let wanted = Swift.max(1, length >> Swift.min(62, 2 * k))
            defer { left -= Swift.min(wanted, left) }
            return Swift.min(wanted, left)
        }
    }

    /// The graph of a `makespan` workload, drawn from its `seed`.
    package init(_ workload: Workload) {
        let count = workload["n"]
        let mean = UInt64(Swift.max(0, workload["us"])) * 1_000
        var random = SplitMix64(seed: UInt64(truncatingIfNeeded: workload["seed"]))
        let exponential = workload.textParameters["cost"] == "exp"
        let cost: ServiceDistribution = exponential ? .exponential(meanNanoseconds: mean) : .constant(nanoseconds: mean)
        costs = (0..<count).map { _ in cost.draw(using: &random) }
        // Which operations form the chains: random positions among all of them.
        var positions = Array(0..<count)
        positions.shuffle(using: &random)
        var taken = 0
        for length in Self.chainLengths(n: count, chains: workload["chains"], length: workload["length"]) {
            chains.append(Array(positions[taken..<taken + length]))
            taken += length
        }
        for chain in chains { edges += zip(chain.dropFirst(), chain).map { ($0, $1) } }
        edges.shuffle(using: &random)
        addOrder = Array(0..<count)
        addOrder.shuffle(using: &random)
    }

    /// `max(total work / width, longest path's work)` in nanoseconds: no schedule on `width`
    /// workers can finish sooner.
    package func bound(width: Int) -> UInt64 {
        let total = costs.reduce(0, +)
        let longestChain = chains.map { $0.reduce(0) { $0 + costs[$1] } }.max() ?? 0
        let longestPath = Swift.max(longestChain, costs.max() ?? 0)
        return Swift.max(total / UInt64(Swift.max(1, width)), longestPath)
    }
}
