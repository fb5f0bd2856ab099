import QueueLabCore

/// What one simulated run gives: the figures' tally (times are virtual nanoseconds from the run's
/// start: the release of a suspended queue, or the first arrival), and each operation's times when
/// the run was asked to keep them (``Simulator/run(policy:keepingTimeline:)``).
public struct SimulationResult: Sendable, Equatable {
    /// What the figures are computed from: the operations finished, the last finish and the
    /// latencies.
    public var tally: SimulationTally
    /// Each operation's times; nil unless asked for (they cost memory in every operation of the run).
    public var timeline: SimulationTimeline?
    /// Most bodies on cores at once.
    public var peakConcurrency: Int
    /// Events the run processed: the simulator's own work, for its speed figure.
    public var events: Int

    /// The last finish: the run's makespan.
    public var makespan: UInt64 { tally.lastFinish }

    /// Each operation's priority (``SimulationTimeline/priorities``); empty unless the timeline was
    /// kept.
    public var priorities: [QueuePriority] { timeline?.priorities ?? [] }
    /// Each operation's body duration (``SimulationTimeline/durations``); empty unless the timeline
    /// was kept.
    public var durations: [UInt64] { timeline?.durations ?? [] }
    /// Each operation's add time (``SimulationTimeline/enqueued``); empty unless the timeline was
    /// kept.
    public var enqueued: [UInt64] { timeline?.enqueued ?? [] }
    /// Each operation's start time (``SimulationTimeline/started``); empty unless the timeline was
    /// kept.
    public var started: [UInt64] { timeline?.started ?? [] }
    /// Each operation's finish time (``SimulationTimeline/finished``); empty unless the timeline
    /// was kept.
    public var finished: [UInt64] { timeline?.finished ?? [] }
    /// The operations' indices in the order they started (``SimulationTimeline/startOrder``); empty
    /// unless the timeline was kept.
    public var startOrder: [Int] { timeline?.startOrder ?? [] }
    /// Operations taken cancelled, without a body (``SimulationTimeline/skipped``); empty unless
    /// the timeline was kept.
    public var skipped: [Int] { timeline?.skipped ?? [] }
}

/// Every operation's times in a run, by index (the shape's, then those an `overload` producer
/// added during the run): for checks of the order itself.
public struct SimulationTimeline: Sendable, Equatable {
    /// Each operation's priority as the shape gave it (or as the producer added it).
    public var priorities: [QueuePriority]
    /// Each operation's body duration, in virtual nanoseconds.
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
