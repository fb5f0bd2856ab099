import QueueLabCore

/// What a run's figures need, accumulated as each operation starts and finishes, so that the
/// simulator frees a finished operation whole: memory in the operations alive (and the histograms'
/// range), not in the operations of the run.
public struct SimulationTally: Equatable, Sendable {
    /// Operations that finished, their bodies run or not.
    public internal(set) var operations = 0
    /// The latest finish, in virtual nanoseconds from the run's start: the makespan.
    public internal(set) var lastFinish: UInt64 = 0
    /// Add to start, start to finish, add to finish: of operations whose body ran.
    var waits = LatencyHistogram()
    var bodies = LatencyHistogram()
    var totals = LatencyHistogram()
    /// Add to start per priority level (`veryLow` first).
    var classWaits = [LatencyHistogram](repeating: LatencyHistogram(), count: QueuePriority.allCases.count)
    /// `overload`: starts per level before its producer's window closed.
    var startsInWindow = [Int](repeating: 0, count: QueuePriority.allCases.count)

    mutating func started(level: Int, wait: UInt64, at time: UInt64, window: UInt64?) {
        waits.record(wait)
        classWaits[level].record(wait)
        if let window, time < window { startsInWindow[level] += 1 }
    }

    mutating func finished(at time: UInt64, enqueued: UInt64, started: UInt64?) {
        operations += 1
        lastFinish = max(lastFinish, time)
        guard let started else { return }
        bodies.record(time - started)
        totals.record(time - enqueued)
    }
}
