import QueueLabBenchmarks
import QueueLabCore
import QueueLabRecorder

/// A workload as the simulator runs it: every operation's body duration, priority and arrival,
/// and the dependency edges, all known before the run; or, for `open`, the draws that give them
/// as the run reaches them (`drawn`), so that the run's memory is in the operations alive.
public struct SimulationShape: Sendable {
    /// Virtual nanoseconds each body runs.
    public var durations: [UInt64]
    /// Each operation's priority (`normal` unless given).
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
    /// `init(replay:)`).
    public var queueChanges: [RecordedQueueChange] = []
    /// `open`'s operations, drawn one at a time as the run reaches them (they have no edges); then
    /// `durations`, `priorities` and `arrivals` are empty and nil. nil: they are listed.
    package var drawn: OpenLoopDraws?
    /// Whether the simulation plays the workload's producer, a thread that adds one operation at
    /// a time (``SimulationCalibration/addNanoseconds``): `open`, `priority`, `inversion`. A
    /// recording's add times are the real producer's already.
    public var producerAddsInTurn = false
    /// Operations the producer adds in one add call with the operation before them (an
    /// `inversion` pair's `veryHigh` with its `veryLow`): they reach the queue together.
    public var addedWithPrevious: Set<Int> = []
    /// Whether the queue's workers already run side by side when the run begins (a workload's
    /// `warm=1`, the default of `makespan`, `inversion`, `overload` and `open`): then no worker
    /// waits for a core of its own (``SimulationCalibration/spawnNanoseconds``).
    public var workersStartWarm = false

    /// A workload from its lists, by operation index: `priorities` default to `normal`, `addOrder`
    /// to index order; `arrivals` nil: all added at once on a suspended queue, released at time 0;
    /// `edges` are (dependent, dependency) pairs of operation indices, in the order they are added.
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

    /// `open`'s operations drawn as the run reaches them: nothing of them is kept before it.
    package init(drawing draws: OpenLoopDraws) {
        self.init(durations: [])
        drawn = draws
    }

    /// How many operations the shape has: those listed, or for `open` those its draws give.
    public var count: Int { drawn?.count ?? durations.count }

    /// Whether operations arrive while the run lasts (else all are added at once before it).
    var hasArrivals: Bool { arrivals != nil || drawn != nil }

    /// Each arriving operation's arrival and duration, in order, drawn again when they are drawn;
    /// nothing for a closed workload.
    func forEachArrival(_ body: (_ arrival: UInt64, _ duration: UInt64) -> Void) {
        if var draws = drawn {
            while let draw = draws.next() { body(draw.arrival, draw.service) }
        } else if let arrivals {
            for index in arrivals.indices { body(arrivals[index], durations[index]) }
        }
    }
}
