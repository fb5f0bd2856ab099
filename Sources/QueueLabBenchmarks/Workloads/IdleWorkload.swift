import QueueLabCore

/// `idle`: what a queue costs while it has nothing to do, and whether its threads end once it is
/// gone. A handful of no-op operations run first, so a queue that starts its threads lazily has
/// them; then the calling thread sleeps `ms` milliseconds with the queue alive and empty (that
/// sleep is what is measured: a worker that keeps polling shows as CPU time), and last the queue's
/// last reference goes and the threads it started are given a bounded time to end.
///
/// Figures: `idle_user_cpu_s` and `idle_sys_cpu_s` (the process's CPU over the idle interval),
/// `idle_threads` (threads above the count before the queue was made, at the end of the idle
/// interval) and `threads_left_after_free` (the same after the bounded wait; 0 is good). Foundation
/// and Dispatch run on Dispatch's process-wide pool, whose threads outlive any one queue, so theirs
/// can stay above zero for reasons not of the queue. Throughput covers the whole phase (adds, idle
/// interval and the wait), so it says nothing about the queue's speed.
extension WorkloadExecution {
    func idle() throws -> WorkloadOutcome {
        let baseline = LinuxOnly.threadCount()
        var queue: Queue? = makeQueue()
        let start = timedPhaseStarts()
        for index in 0..<IdleWorkload.operations {
            harness.willAdd(index)
            try queue?.addOperation(operation(index))
        }
        if let queue { try drain(queue) }
        let before = ResourceUsage.now()
        // Kept alive over the sleep: the optimiser may otherwise release it after its last use, and
        // the interval would measure a queue already gone.
        withExtendedLifetime(queue) {
            OverloadClasses.sleep(until: MonotonicClock.now() &+ UInt64(workload["ms"]) &* 1_000_000)
        }
        let spent = ResourceUsage.now().since(before)
        let threadsWhileIdle = LinuxOnly.threadCount()
        queue = nil  // the last reference: a queue that ends its threads on release does so now
        var figures = ["idle_user_cpu_s": spent.userSeconds, "idle_sys_cpu_s": spent.systemSeconds]
        if let baseline, let threadsWhileIdle {
            figures["idle_threads"] = Double(Swift.max(0, threadsWhileIdle - baseline))
            figures["threads_left_after_free"] = Double(IdleWorkload.threadsLeft(above: baseline))
        }
        let wall = timedPhaseEnds(since: start)
        return WorkloadOutcome(operations: IdleWorkload.operations, wallNanoseconds: wall, extraFigures: figures)
    }
}

/// `idle`'s constants and the bounded wait for a released queue's threads.
enum IdleWorkload {
    /// Enough operations for a queue to start its workers, few enough to finish at once.
    static let operations = 100
    /// Long enough to see more than a timer tick of CPU, short enough for a sample.
    static let milliseconds = 10...60_000
    /// How long a released queue's threads may take to end, and how often they are counted.
    static let exitBound: UInt64 = 2_000_000_000
    static let pollInterval: UInt64 = 10_000_000

    /// `ms` is 10 to 60,000; the general rules for every other key.
    static func rangeProblem(_ key: String, _ value: Int) -> String? {
        guard key == "ms", !milliseconds.contains(value) else { return nil }
        return "must be \(milliseconds.lowerBound) to \(milliseconds.upperBound) (milliseconds idle)"
    }

    /// Threads above `baseline` once the count falls back to it or ``exitBound`` has passed,
    /// counting every ``pollInterval``: threads end asynchronously after their queue is released.
    static func threadsLeft(above baseline: Int) -> Int {
        let deadline = MonotonicClock.now() &+ exitBound
        while true {
            let threads = LinuxOnly.threadCount() ?? baseline
            if threads <= baseline || MonotonicClock.now() >= deadline { return Swift.max(0, threads - baseline) }
            OverloadClasses.sleep(until: MonotonicClock.now() &+ pollInterval)
        }
    }
}
