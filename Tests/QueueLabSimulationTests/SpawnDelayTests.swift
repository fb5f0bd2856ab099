import QueueLabBenchmarks
import QueueLabScheduling
import TestTiers
import Testing

@testable import QueueLabSimulation

/// Workers started after a run's first one wait for a core of their own (`spawn_ns`), sharing one
/// meanwhile: parsed, drawn, and what the sharing does to a run whose workers start in its timed
/// phase (`warm=0`, or a workload without the warm-up).
@Suite(.onBlockingThreads) struct SpawnDelayTests {
    static func spawning(_ delays: [UInt64]) -> SimulationCalibration {
        var calibration = SimulationCalibration.ideal
        calibration.spawnNanoseconds = delays
        return calibration
    }

    static func makespan(
        _ workload: String, _ calibration: SimulationCalibration, width: Int, policy: String = "fifo"
    ) throws -> UInt64 {
        let shape = try SimulationShape(try Workload(parsing: workload))
        return try Simulator(shape: shape, calibration: calibration, width: width, cores: width)
            .run(policy: try SchedulingPolicies.parse(policy)).makespan
    }

    /// 400 independent bodies of 50 us at width 2 take 10 ms; with the two workers sharing a core for
    /// 5 ms, they run 100 bodies in that time and share the other 300 at full speed: 5 + 7.5 ms. At
    /// width 1 there is no second worker, and nothing changes.
    @Test func twoWorkersSharingOneCoreRunTheQueueAsWideAsOne() throws {
        let independent = "makespan:n=400;chains=1;length=1;us=50;warm=0"
        #expect(try Self.makespan(independent, .ideal, width: 2) == 10_000_000)
        #expect(try Self.makespan(independent, Self.spawning([5_000_000]), width: 2) == 12_500_000)
        #expect(try Self.makespan(independent, .ideal, width: 1) == 20_000_000)
        #expect(try Self.makespan(independent, Self.spawning([5_000_000]), width: 1) == 20_000_000)
        // A wait shorter than the wake-up is the wake-up.
        var slowWake = Self.spawning([1_000])
        slowWake.wakeupNanoseconds = 50_000
        #expect(try Self.makespan(independent, slowWake, width: 2) == 10_000_000 + 50_000)
    }

    /// A chain of 100 bodies of 50 us beside 100 independent ones, at width 2 under `critical-path`:
    /// 5 ms with a core each. Sharing one core for 2 ms, the chain's worker runs at half speed then
    /// too (it loses 1 ms: 6 ms), which a second worker merely 2 ms late would not do (the chain
    /// would end at 5 ms and the independent bodies at 7).
    @Test func theCriticalPathGoesAtHalfSpeedWhileItsCoreIsShared() throws {
        let chainBeside = "makespan:n=200;chains=1;length=100;us=50;warm=0"
        #expect(try Self.makespan(chainBeside, .ideal, width: 2, policy: "critical-path") == 5_000_000)
        #expect(
            try Self.makespan(chainBeside, Self.spawning([2_000_000]), width: 2, policy: "critical-path") == 6_000_000)
    }

    /// Each run draws its waits from the list, seeded: the same seed gives the same run, and over
    /// seeds both of two modes turn up.
    @Test func theWaitsAreDrawnFromTheListBySeed() throws {
        let shape = try SimulationShape(try Workload(parsing: "makespan:n=400;chains=1;length=1;us=50;warm=0"))
        let calibration = Self.spawning([0, 5_000_000])
        func run(_ seed: UInt64) throws -> UInt64 {
            var simulator = Simulator(shape: shape, calibration: calibration, width: 2, cores: 2)
            simulator.stallSeed = seed
            return try simulator.run(policy: try SchedulingPolicies.parse("fifo")).makespan
        }
        let makespans = try (1...20).map { try run($0) }
        #expect(try makespans == (1...20).map { try run($0) })
        #expect(Set(makespans) == [10_000_000, 12_500_000])
        #expect(SpawnDelays(.ideal, seed: 1) == nil)
    }

    /// `warm=1` (the default of the workloads that have it) starts the queue's workers side by
    /// side before the timed phase, in the simulation as in `bench`: no worker waits for a core.
    @Test func workersStartedWarmShareNoCore() throws {
        let calibration = Self.spawning([5_000_000])
        for warm in ["makespan:n=400;chains=1;length=1;us=50", "makespan:n=400;chains=1;length=1;us=50;warm=1"] {
            #expect(try Self.makespan(warm, calibration, width: 2) == 10_000_000)
        }
        let shape = try SimulationShape(try Workload(parsing: "dag:n=100"))
        #expect(!shape.workersStartWarm)
    }

    @Test func theTextFormCarriesThemAndRefusesNonsense() throws {
        let calibration = Self.spawning([250_000, 0, 12_000_000])
        #expect(calibration.text.contains("spawn_ns = 250000, 0, 12000000"))
        #expect(try SimulationCalibration(parsing: calibration.text).spawnNanoseconds == [0, 250_000, 12_000_000])
        let base = "# queuelab-calibration/1\nname = x\noverhead_ns = 5\nwakeup_ns = 1\nhandoff_ns = 1\n"
        for (line, reason) in [
            ("spawn_ns = 5, soon", "spawn_ns: 'soon' is not a whole number of nanoseconds of 0 or more"),
            ("spawn_ns = -3", "spawn_ns: '-3' is not a whole number"),
            ("spawn_ns = 61000000000", "over a minute"),
        ] {
            #expect("\(line)") {
                _ = try SimulationCalibration(parsing: base + line + "\n")
            } throws: { error in
                "\(error)".contains(reason)
            }
        }
    }
}
