/// The queue's own costs, in virtual nanoseconds, that a simulation adds to the bodies' durations:
/// what makes a simulated `lock` differ from an ideal list scheduler.
///
/// Written as a small text file (`queuelab-calibration/1`): the version line first, then one
/// `key = value` per line, each ended by a line feed; `#` starts a comment. Keys: `name`, `implementation`, `overhead_ns`, `wakeup_ns`, `handoff_ns`, each once;
/// optionally `add_ns`, `make_ns`, `edge_ns` (the producer's costs); `stall_per_s` with `stall_ns`
/// (comma-separated durations), both or neither: the machine's stalls (`StallModel`); and with
/// them `stall_tail_per_s` with `stall_tail_ns`: its longest stalls, listed one by one; `spawn_ns`
/// (comma-separated durations): how long a worker started beyond the first waits for a core of its own.
///
/// Every number is range-checked when read, so that no arithmetic on it can trap: a cost is a
/// whole number of nanoseconds from 0 to 1,000,000,000 (a second); a stall or start-up duration
/// from 1 (0 for `spawn_ns`) to 60,000,000,000 (a minute), at most 100,000 of them a list; a stall
/// rate from 0 to 1,000,000 a second.
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
    /// The producer's cost of making one operation it adds (``SimulationShape/producerAddsInTurn``),
    /// before its add call: an `inversion` producer makes the `veryLow` and `veryHigh` operations
    /// and their edge before adding the pair, long enough for a woken worker to take the
    /// operation added before them. 0: none.
    public var makeNanoseconds: UInt64 = 0
    /// The producer's cost of one `addDependency` call it makes (an `inversion` pair's edge). 0: none.
    public var edgeNanoseconds: UInt64 = 0
    /// Stalls a running body suffers a second of its CPU time (``StallProbe``); 0: none, the exact
    /// timetable.
    public var stallsPerSecond: Double
    /// The stalls' durations, each equally likely (quantiles of the measured ones), ascending.
    public var stallNanoseconds: [UInt64]
    /// The longest stalls, a second of CPU time, on top of ``stallsPerSecond``: quantiles keep a
    /// distribution's bulk but average its last percent away, and on a shared machine that percent
    /// (a few stalls of milliseconds a second) is most of the time lost and all of the tails.
    public var tailStallsPerSecond: Double
    /// The longest stalls' durations, each equally likely (every one measured, not quantiles),
    /// ascending.
    public var tailStallNanoseconds: [UInt64]
    /// How long each worker a run starts after its first one shares a core with the one started
    /// before it (both at half speed), each value equally likely (every measured one), ascending;
    /// empty: never. A fresh thread is placed by the kernel, which may stack a queue's second
    /// worker on the first worker's core for milliseconds while another core idles, in some runs
    /// and not in others (`makespan`'s `parallel_after_ns`; measured:
    /// `results/simulate/README.md`, "The second worker's core").
    public var spawnNanoseconds: [UInt64] = []

    /// A calibration with these costs (nanoseconds) and stalls; ``makeNanoseconds`` and
    /// ``edgeNanoseconds`` start at 0, ``spawnNanoseconds`` empty.
    ///
    /// Nothing is range-checked here, unlike ``init(parsing:)``: keep the values within the ranges
    /// the file format allows.
    public init(
        name: String, implementation: String, overheadNanoseconds: UInt64, wakeupNanoseconds: UInt64,
        handOffNanoseconds: UInt64, addNanoseconds: UInt64 = 0, stallsPerSecond: Double = 0,
        stallNanoseconds: [UInt64] = [], tailStallsPerSecond: Double = 0, tailStallNanoseconds: [UInt64] = []
    ) {
        self.name = name
        self.implementation = implementation
        self.overheadNanoseconds = overheadNanoseconds
        self.wakeupNanoseconds = wakeupNanoseconds
        self.handOffNanoseconds = handOffNanoseconds
        self.addNanoseconds = addNanoseconds
        self.stallsPerSecond = stallsPerSecond
        self.stallNanoseconds = stallNanoseconds
        self.tailStallsPerSecond = tailStallsPerSecond
        self.tailStallNanoseconds = tailStallNanoseconds
    }

    /// No cost at all: the ideal list scheduler, for checks against closed forms.
    public static let ideal = SimulationCalibration(
        name: "ideal", implementation: "ideal", overheadNanoseconds: 0, wakeupNanoseconds: 0, handOffNanoseconds: 0)
}
