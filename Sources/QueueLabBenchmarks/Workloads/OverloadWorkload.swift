import Foundation
import QueueLabCore

extension WorkloadExecution {
    /// `overload`: `classes` priority classes each keep `depth` operations in the queue (all added
    /// while it is suspended, then resumed) for `ms` milliseconds, every body spinning `us` microseconds on `width` lanes. Each finishing body adds
    /// the next operation of its class until the window closes, so every class has ready work for
    /// the whole window (at least `depth - width` operations: `depth` is raised to `width + 1`), and
    /// the queue is offered more than it runs however it orders them. Then it drains, bounded by the
    /// drain timeout: a stuck queue ends the sample with an error.
    ///
    /// Figures: every wait per class (`prio_*_e2s_*`, including the operations that waited out the
    /// window and ran in the drain, so a starved class's longest wait is about the window's length);
    /// per class, its share of the starts inside the window and its starts per second; `jain_index`
    /// over each share divided by the policy's weight (equal weights for a policy without any); and
    /// for a bounded-wait policy the bound it states for the lowest class.
    func overload() throws -> WorkloadOutcome {
        let levels = OverloadClasses.levels(count: workload["classes"])
        let width = workload["width"]
        let depth = Swift.max(workload["depth"], width + 1)
        let window = UInt64(workload["ms"]) * 1_000_000
        let queue = makeQueue(width: width)
        let warmAfter = try warmWorkers(of: queue, width: width)
        let tally = OverloadTally()
        let failure = Locked<(any Error)?>(nil)
        let start = timedPhaseStarts()
        let closes = start &+ window
        let feeder = OverloadFeeder(
            queue: queue, harness: harness, tally: tally, failure: failure, closesAt: closes)
        // Every class is in before any runs: a producer descheduled halfway through the fill would
        // otherwise let the classes added first run alone, and their shares would say so.
        queue.isSuspended = true
        for level in levels {
            for _ in 0..<depth { try queue.addOperation(feeder.operation(level: level)) }
        }
        queue.isSuspended = false
        OverloadClasses.sleep(until: closes)
        try drain(queue)
        let wall = timedPhaseEnds(since: start)
        if let error = failure.withLock({ $0 }) { throw error }
        var outcome = WorkloadOutcome(operations: tally.finished, wallNanoseconds: wall)
        outcome.extraFigures = OverloadClasses.figures(
            startsInWindow: tally.startsInWindow, levels: levels, windowNanoseconds: window,
            weights: policy?.shareWeights)
        outcome.extraFigures["warm_after_ns"] = warmAfter
        if let policy, let lowest = levels.first,
            let bound = policy.waitBound(
                priority: QueuePriority(level: lowest), backlog: depth * levels.count, width: width,
                longestBody: .nanoseconds(Int64(clamping: tally.longestBody)))
        {
            outcome.extraFigures["wait_bound_ns"] = Double(bound.nanoseconds)
        }
        return outcome
    }
}

/// Makes `overload`'s operations: each records its wait in its class and, while the window is open,
/// adds the next operation of its class when it finishes.
struct OverloadFeeder<Queue: OperationQueueing>: Sendable {
    let queue: Queue
    let harness: OperationHarness
    let tally: OverloadTally
    /// The first error a body's add met.
    let failure: Locked<(any Error)?>
    let closesAt: UInt64

    func operation(level: Int) -> Queue.Operation {
        let enqueued = MonotonicClock.now()
        return Queue.Operation(
            name: nil, priority: QueuePriority(level: level),
            body: .synchronous { [self] _ in
                harness.meter.enter()
                let started = MonotonicClock.now()
                harness.work()
                let finished = MonotonicClock.now()
                if finished < closesAt {
                    do {
                        try queue.addOperation(operation(level: level))
                    } catch {
                        failure.withLock { $0 = $0 ?? error }
                    }
                }
                // The body's whole hold on a lane, the add included: what the wait bound is stated in.
                tally.note(level: level, inWindow: started < closesAt, body: MonotonicClock.now() &- started)
                harness.recorder.record(
                    enqueued: enqueued, started: started, finished: finished, priorityLevel: level)
                harness.meter.leave()
            })
    }
}

/// Counts of `overload`'s bodies, written by the workers.
///
/// Behind `Locked` (an `NSLock`), not `Synchronization.Mutex`: ThreadSanitizer here does not see
/// `Mutex`'s ordering, so two workers noting at once were reported as a race (8 false reports in
/// one CI run).
final class OverloadTally: Sendable {
    private struct Counts {
        var startsInWindow = [Int](repeating: 0, count: QueuePriority.allCases.count)
        var finished = 0
        var longestBody: UInt64 = 0
    }

    private let counts = Locked(Counts())

    func note(level: Int, inWindow: Bool, body nanoseconds: UInt64) {
        counts.withLock { counts in
            if inWindow { counts.startsInWindow[level] += 1 }
            counts.finished += 1
            counts.longestBody = Swift.max(counts.longestBody, nanoseconds)
        }
    }

    /// Starts per priority level (`QueuePriority/level`) while the window was open.
    var startsInWindow: [Int] { counts.withLock { $0.startsInWindow } }
    var finished: Int { counts.withLock { $0.finished } }
    /// The longest body, start to finish, in nanoseconds: what the wait bound is stated in.
    var longestBody: UInt64 { counts.withLock { $0.longestBody } }
}
