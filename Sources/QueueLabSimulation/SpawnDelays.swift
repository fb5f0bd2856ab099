import QueueLabCore

/// How long a worker started after the run's first one waits for a core of its own: a fresh thread
/// goes where the kernel places it, and on a VM that can be the core of the worker already running,
/// shared by time slices while another core idles, until the kernel moves it (how often and for
/// how long: `results/simulate/README.md`, "The second worker's core"). Drawn from
/// the calibration's measured ones (``SimulationCalibration/spawnNanoseconds``), each equally likely,
/// from a stream of its own so that the workload's and the stalls' draws stay as they are. None
/// for a workload whose workers start warm (``SimulationShape/workersStartWarm``): its queue's
/// workers ran side by side before its timed phase.
///
/// While it waits, the new worker and the one started before it share one core, each at half
/// speed, as the kernel's time slices share it: the queue runs as wide as one worker, and an
/// operation on the critical path (a chain `critical-path` runs first) goes at half speed, which a
/// merely late second worker would not give.
struct SpawnDelays {
    private let delays: [UInt64]
    private var random: SplitMix64

    /// nil when the calibration measured none: no core is shared.
    init?(_ calibration: SimulationCalibration, seed: UInt64) {
        guard !calibration.spawnNanoseconds.isEmpty else { return nil }
        delays = calibration.spawnNanoseconds
        random = SplitMix64(seed: seed ^ 0x5350_4157_4E53)
    }

    mutating func draw() -> UInt64 { delays[Int.random(in: 0..<delays.count, using: &random)] }
}
