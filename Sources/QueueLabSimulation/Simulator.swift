import QueueLabCore
import QueueLabScheduling

/// A deterministic discrete-event simulation of one queue in virtual time: the real
/// `QueueStateMachine` and policy decide every start, the real `DependencyGraph` releases
/// dependents (and keeps the inherited priorities and chain heights the policies read), bodies take
/// their drawn durations, and the queue's own costs come from a ``SimulationCalibration``.
///
/// The model of the lock queue: a worker that finishes an operation looks for the next itself; one
/// that finds nothing parks, and new work wakes a parked worker (or starts one, up to the width)
/// after `wakeup_ns`; an operation with dependents costs its worker `handoff_ns` before they are
/// ready and it looks again; every operation costs `overhead_ns` on its core besides its body, and a
/// body loses time to the machine's stalls when the calibration measured them (`StallModel`), and
/// each worker started after the run's first shares a core with the one before it for a while the
/// calibration measured (`SpawnDelays`).
/// With more width than cores, operations that hold a slot wait for a core in the order they were
/// taken (no time slicing).
///
/// - Complexity: O(log e) per event for e events pending (at most one per worker, plus one
///   arrival); the machine's and policy's costs per transition as in the queues.
public struct Simulator {
    /// The workload it runs.
    public let shape: SimulationShape
    /// The queue's costs and the machine's stalls added to the bodies' durations.
    public let calibration: SimulationCalibration
    /// The queue's width (`maxConcurrentOperationCount`), at least 1; also that of a recording's
    /// queues recorded at their default width.
    public let width: Int
    /// Simulated cores the workers share, at least 1; with fewer cores than width, taken operations
    /// wait for a core in the order they were taken.
    public let cores: Int
    /// Seeds the machine's stalls (`StallModel`) when the calibration has them; a sweep passes
    /// each cell's seed, so seeds average over stalls as they do over draws.
    public var stallSeed: UInt64 = 0

    /// - Precondition: `width` and `cores` are at least 1.
    public init(shape: SimulationShape, calibration: SimulationCalibration, width: Int, cores: Int) {
        precondition(width >= 1 && cores >= 1, "width and cores are at least 1")
        self.shape = shape
        self.calibration = calibration
        self.width = width
        self.cores = cores
    }

    /// Runs the shape under `policy` (an empty policy value, as a queue takes it).
    ///
    /// - Parameters:
    ///   - policy: the policy's value; each queue of the shape runs its own copy.
    ///   - keepingTimeline: also keep every operation's times and the start order
    ///     (``SimulationResult/timeline``), which costs memory in every operation of the run; without
    ///     it a finished operation is freed whole and the figures come from the tally.
    public func run(policy: any SchedulingPolicy, keepingTimeline: Bool = false) throws(QueueError)
        -> SimulationResult
    {
        var run = SimulationRun(self, policy: policy, keepingTimeline: keepingTimeline)
        try run.start()
        try run.loop()
        return run.result
    }
}
