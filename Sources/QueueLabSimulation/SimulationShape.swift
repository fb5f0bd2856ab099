import QueueLabCore
import QueueLabRecorder

/// A workload as the simulator runs it: every operation's body duration, priority and arrival,
/// and the dependency edges, all known before the run.
public struct SimulationShape: Sendable {
    /// Virtual nanoseconds each body runs.
    public var durations: [UInt64]
    public var priorities: [QueuePriority]
    /// When each operation is added, in virtual nanoseconds; nil: all at once on a suspended queue,
    /// released at time 0 (the closed workloads).
    public var arrivals: [UInt64]?
    /// (dependent, dependency), in the order they are added.
    public var edges: [(Int, Int)]
    /// The order the operations are added in (closed workloads).
    public var addOrder: [Int]
    /// `overload`'s producer: until this virtual time, a body that ends adds the next operation of
    /// its class (same priority, same duration) before its operation finishes; nil: none.
    public var refillUntil: UInt64?
    /// A recording's queues: each operation's queue (an index into `queueWidths`); nil: one queue.
    public var queues: [Int]?
    /// Each queue's width; -1: the simulated cell's width.
    public var queueWidths: [Int] = [-1]
    /// A recording's cancellations: nanoseconds from each operation's add to its cancel, nil for
    /// one never cancelled; nil: none at all.
    public var cancelAfter: [UInt64?]?
    /// A recording's suspensions, resumptions and changes of width, ascending by `at` (virtual
    /// nanoseconds); changes of width only for queues recorded at an explicit width (see
    /// ``init(replay:)``).
    public var queueChanges: [RecordedQueueChange] = []

    public init(
        durations: [UInt64], priorities: [QueuePriority]? = nil, arrivals: [UInt64]? = nil, edges: [(Int, Int)] = [],
        addOrder: [Int]? = nil
    ) {
        self.durations = durations
        self.priorities = priorities ?? Array(repeating: .normal, count: durations.count)
        self.arrivals = arrivals
        self.edges = edges
        self.addOrder = addOrder ?? Array(durations.indices)
        self.refillUntil = nil
    }

    public var count: Int { durations.count }
}
