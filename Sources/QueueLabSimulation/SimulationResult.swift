import QueueLabCore

/// What one simulated run gives: the figures' tally (times are virtual nanoseconds from the run's
/// start: the release of a suspended queue, or the first arrival), and each operation's times when
/// the run was asked to keep them (``Simulator/run(policy:keepingTimeline:)``).
public struct SimulationResult: Sendable, Equatable {
    public var tally: SimulationTally
    /// Each operation's times; nil unless asked for (they cost memory in every operation of the run).
    public var timeline: SimulationTimeline?
    /// Most bodies on cores at once.
    public var peakConcurrency: Int
    /// Events the run processed: the simulator's own work, for its speed figure.
    public var events: Int

    /// The last finish: the run's makespan.
    public var makespan: UInt64 { tally.lastFinish }

    // The timeline's lists, empty when it was not kept.
    public var priorities: [QueuePriority] { timeline?.priorities ?? [] }
    public var durations: [UInt64] { timeline?.durations ?? [] }
    public var enqueued: [UInt64] { timeline?.enqueued ?? [] }
    public var started: [UInt64] { timeline?.started ?? [] }
    public var finished: [UInt64] { timeline?.finished ?? [] }
    public var startOrder: [Int] { timeline?.startOrder ?? [] }
    public var skipped: [Int] { timeline?.skipped ?? [] }
}

/// Every operation's times in a run, by index (the shape's, then those an `overload` producer
/// added during the run): for checks of the order itself.
public struct SimulationTimeline: Sendable, Equatable {
    public var priorities: [QueuePriority]
    public var durations: [UInt64]
    /// When each operation was added (0 for a closed workload).
    public var enqueued: [UInt64]
    /// When a worker took it.
    public var started: [UInt64]
    /// When it finished.
    public var finished: [UInt64]
    /// The operations' indices in the order they started.
    public var startOrder: [Int] = []
    /// Operations taken cancelled, which finished without running a body.
    public var skipped: [Int] = []
}
