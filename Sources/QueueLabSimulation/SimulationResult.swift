import QueueLabCore

/// What one simulated run gives: each operation's virtual times (nanoseconds from the run's start:
/// the release of a suspended queue, or the first arrival), from which the figures are computed.
public struct SimulationResult: Sendable, Equatable {
    /// Each operation's priority and body duration: the shape's, and those of the operations an
    /// `overload` producer added during the run.
    public var priorities: [QueuePriority]
    public var durations: [UInt64]
    /// When each operation was added (0 for a closed workload).
    public var enqueued: [UInt64]
    /// When a worker took it.
    public var started: [UInt64]
    /// When it finished.
    public var finished: [UInt64]
    /// The operations' indices in the order they started.
    public var startOrder: [Int]
    /// Operations taken cancelled, which finished without running a body (a recording's
    /// cancellations): left out of the latency figures, as a replay leaves them out.
    public var skipped: [Int] = []
    /// Most bodies on cores at once.
    public var peakConcurrency: Int
    /// Events the run processed: the simulator's own work, for its speed figure.
    public var events: Int

    /// The last finish: the run's makespan.
    public var makespan: UInt64 { finished.max() ?? 0 }
}
