import Foundation
import QueueLabCore
import Synchronization

/// `once.cancel-race`: cancels land on bodies as they start, thousands of times; no body may run
/// twice.
///
/// A queue that runs a body twice in a fraction p of these races escapes R of them with probability
/// (1 - p)^R, so power comes from the count: ``ConformanceLevel/cancelStartRaces`` per level. The
/// races that really happened (a body that started uncancelled and ended cancelled) are counted from
/// the trace, not assumed, and reported with the verdict.
enum CancelStartRaceScenario {
    /// Operations per harness: keeps one trace small; the races of all batches add up.
    static let batchSize = 5_000
    /// How long a body waits for its cancel: long enough for the scenario thread to see it start,
    /// short enough that bodies it missed (descheduled) cost little.
    static let bodyWait = Duration.milliseconds(1)

    static func run<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        let target = context.level.cancelStartRaces
        // On a loaded machine the races come slower; half the bound is theirs, the rest is margin.
        let budget = context.deadline.capped(context.timeBound / 2)
        var races = 0
        var operations = 0
        while races < target && !budget.hasPassed {
            try context.iterate(type, times: 1) { h in
                let (batchRaces, batchOperations) = try batch(h, context, budget: budget)
                races += batchRaces
                operations += batchOperations
            }
        }
        let shortfall = races < target ? " (the time ran out before \(target): less power)" : ""
        return ScenarioPass(
            "\(races) cancels landed while the body ran (\(operations) operations)\(shortfall); no body ran twice")
    }

    /// One batch at width 1 (it needs no concurrency). The worker goes from body to body without
    /// waiting for this thread; each body waits up to ``bodyWait`` for its cancel, which this thread
    /// sends as soon as it sees the body start. Stops adding when `budget` passed. Returns the
    /// number of races and of operations.
    private static func batch<Q: OperationQueueing>(_ h: Harness<Q>, _ context: ScenarioContext, budget: Deadline)
        throws -> (races: Int, operations: Int)
    {
        let queue = h.makeQueue("races", width: context.has(.width) ? 1 : nil)
        let starts = StartCounter()
        let deadline = h.deadline
        var ops: [Q.Operation] = []
        ops.reserveCapacity(batchSize)
        func addMore() throws {
            let more = (ops.count..<min(batchSize, ops.count + 32)).map { index in
                h.makeOperation("r\(index)") { op in
                    starts.started(index)
                    let until = deadline.capped(bodyWait)
                    var spins = 0
                    while !op.isCancelled && !until.hasPassed {
                        spins += 1
                        // Sharing a core with the scenario thread: let it run and send the cancel.
                        if spins.isMultiple(of: 32) { sched_yield() }
                    }
                }
            }
            // A cancel may also win before a start (no width, a lagging thread): either is allowed.
            more.forEach { h.expect($0, runs: .either) }
            ops += more
            try h.add(more, to: queue)
        }
        let patience = context.patience(atLeast: .seconds(2))
        var cancelled = 0
        var lastProgress = deadline.capped(patience)
        var seen = 0
        var idle = 0
        try addMore()
        while cancelled < ops.count {
            let started = starts.value
            if started > cancelled {
                // The newest body started: cancel it now, while it runs (the ones in between were
                // missed). Which one it is, the body says: the policy may start them in any order.
                ops[starts.latest].cancel()
                cancelled = started
            }
            if ops.count - started < 16 && ops.count < batchSize && !budget.hasPassed { try addMore() }
            if started != seen {
                seen = started
                lastProgress = deadline.capped(patience)
                idle = 0
            } else if idle < 64 {
                idle += 1
            } else if lastProgress.hasPassed {
                throw ScenarioAbort.stale(
                    "\(ops[min(started, ops.count - 1)].label) did not start within \(patience)",
                    evidence: h.stallEvidence(first: nil))
            } else {
                sched_yield()  // On a machine with fewer cores than threads, let the worker run.
            }
        }
        try h.waitForAll()
        try h.validate()
        return (racesSeen(in: h.recorder.snapshot), ops.count)
    }

    /// Bodies that started uncancelled and ended cancelled: the cancel landed while they ran.
    private static func racesSeen(in trace: [TraceEvent]) -> Int {
        var startedClean: Set<OperationID> = []
        var races: Set<OperationID> = []
        for event in trace {
            switch event.kind {
            case .bodyStarted(_, cancelled: false, _): startedClean.insert(event.operation)
            case .bodyEnded(cancelled: true) where startedClean.contains(event.operation): races.insert(event.operation)
            default: break
            }
        }
        return races.count
    }
}

/// Body starts, counted without a lock: the scenario thread polls it in a tight loop.
final class StartCounter: Sendable {
    private let count = Atomic<Int>(0)
    private let newest = Atomic<Int>(0)

    /// Body `index` started: stored before the count, so a reader that sees the count sees an
    /// index at least that new.
    func started(_ index: Int) {
        newest.store(index, ordering: .relaxed)
        count.add(1, ordering: .releasing)
    }
    var value: Int { count.load(ordering: .acquiring) }
    /// The index of the body that started last.
    var latest: Int { newest.load(ordering: .relaxed) }
}
