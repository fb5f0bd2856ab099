/// The queue's own costs, in virtual nanoseconds, that a simulation adds to the bodies' durations:
/// what makes a simulated `lock` differ from an ideal list scheduler.
///
/// Written as a small text file (`queuelab-calibration/1`): one `key = value` per line, `#` starts
/// a comment. Keys: `name`, `implementation`, `overhead_ns`, `wakeup_ns`, `handoff_ns`, each once;
/// optionally `add_ns`, and `stall_per_s` with `stall_ns` (comma-separated durations), both or neither: the
/// machine's stalls (`StallModel`).
///
/// ```
/// # queuelab-calibration/1
/// name = lock-vm2
/// implementation = lock
/// overhead_ns = 900
/// wakeup_ns = 30000
/// handoff_ns = 1500
/// ```
public struct SimulationCalibration: Sendable, Equatable {
    /// What the rows it produces are marked with (`sim:NAME` in the CSV's `build_config`).
    public var name: String
    /// The queue it was measured on; rows name it `sim:IMPLEMENTATION`.
    public var implementation: String
    /// Each operation's cost on its worker besides its body: taking it, entering and leaving states.
    public var overheadNanoseconds: UInt64
    /// From the decision to wake an idle worker (or start one) until it looks for work.
    public var wakeupNanoseconds: UInt64
    /// Paid by the worker of an operation that has dependents, between its finish and the moment
    /// its dependents are ready and it looks for its next operation.
    public var handOffNanoseconds: UInt64
    /// The producer's cost of one add call, for the workloads whose producer the simulation plays
    /// (``SimulationShape/producerAddsInTurn``): operations are added one after another, each this
    /// long after the previous one and never before its arrival. 0: all that arrive together are
    /// added at once.
    public var addNanoseconds: UInt64
    /// Stalls a running body suffers a second of its CPU time (``StallProbe``); 0: none, the exact
    /// timetable.
    public var stallsPerSecond: Double
    /// The stalls' durations, each equally likely (quantiles of the measured ones), ascending.
    public var stallNanoseconds: [UInt64]

    public init(
        name: String, implementation: String, overheadNanoseconds: UInt64, wakeupNanoseconds: UInt64,
        handOffNanoseconds: UInt64, addNanoseconds: UInt64 = 0, stallsPerSecond: Double = 0,
        stallNanoseconds: [UInt64] = []
    ) {
        self.name = name
        self.implementation = implementation
        self.overheadNanoseconds = overheadNanoseconds
        self.wakeupNanoseconds = wakeupNanoseconds
        self.handOffNanoseconds = handOffNanoseconds
        self.addNanoseconds = addNanoseconds
        self.stallsPerSecond = stallsPerSecond
        self.stallNanoseconds = stallNanoseconds
    }

    /// No cost at all: the ideal list scheduler, for checks against closed forms.
    public static let ideal = SimulationCalibration(
        name: "ideal", implementation: "ideal", overheadNanoseconds: 0, wakeupNanoseconds: 0, handOffNanoseconds: 0)
}
