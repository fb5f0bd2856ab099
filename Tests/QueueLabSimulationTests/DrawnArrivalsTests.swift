import QueueLabBenchmarks
import QueueLabCore
import QueueLabScheduling
import TestTiers
import Testing

@testable import QueueLabSimulation

/// `open` operations are drawn as the run reaches them: the same draws, the same run and the same
/// figures as the lists a sample draws whole.
@Suite(.onBlockingThreads) struct DrawnArrivalsTests {
    static let workloads = [
        "open:rate=15000;duration_ms=200;mix=high:10+normal:80+low:10;width=2",
        "open:rate=20000;duration_ms=100;arrivals=constant;service=bimodal:5us,500us,0.01;width=2",
        "open:rate=30000;duration_ms=50;service=lognormal:20us,1.5;mix=veryhigh:1+verylow:1;width=4",
    ]

    @Test("the draws one at a time are the sample's lists", arguments: workloads)
    func drawsAreTheSchedule(text: String) throws {
        let spec = try OpenLoopSpec(try Workload(parsing: text))
        let schedule = OpenLoopSchedule(spec)
        var draws = OpenLoopDraws(spec)
        var arrivals: [UInt64] = []
        var services: [UInt64] = []
        var priorities: [QueuePriority] = []
        while let draw = draws.next() {
            arrivals.append(draw.arrival)
            services.append(draw.service)
            priorities.append(draw.priority)
        }
        #expect(arrivals == schedule.arrivals && services == schedule.services && priorities == schedule.priorities)
        // The arrival process's own list, which the bench tests check against queueing theory.
        var random = SplitMix64(seed: spec.seed)
        var arrivalStream = random.split()
        #expect(arrivals == spec.arrivals.schedule(count: spec.count, rate: Double(spec.rate), using: &arrivalStream))
    }

    @Test("a drawn run is the listed one, event for event", arguments: workloads, ["strict", "fifo", "aging"])
    func drawnRunIsTheListedOne(text: String, policy: String) throws {
        let workload = try Workload(parsing: text)
        let drawn = try SimulationShape(workload)
        #expect(drawn.drawn != nil && drawn.durations.isEmpty)
        let schedule = OpenLoopSchedule(try OpenLoopSpec(workload))
        let listed = SimulationShape(
            durations: schedule.services, priorities: schedule.priorities, arrivals: schedule.arrivals)
        let width = workload["width"]
        for keepingTimeline in [true, false] {
            func run(_ shape: SimulationShape) throws -> SimulationResult {
                try Simulator(shape: shape, calibration: .sampleLockVM2, width: width, cores: 2)
                    .run(policy: try SchedulingPolicies.parse(policy), keepingTimeline: keepingTimeline)
            }
            let (lazy, eager) = (try run(drawn), try run(listed))
            #expect(lazy == eager)
            #expect(
                lazy.figures(for: workload, shape: drawn, width: width)
                    == eager.figures(for: workload, shape: listed, width: width))
        }
    }

    /// Figures main (e3f79ac, before the draws were lazy) gave for this cell:
    /// `queuelab simulate --workload 'open:rate=15000;duration_ms=200;mix=high:10+normal:80+low:10'
    /// --width 2` (strict, lock-vm2, 2 cores). Hard-coded from that run's CSV, not computed here.
    @Test func figuresAsBeforeTheDrawsWereLazy() throws {
        let workload = try Workload(parsing: Self.workloads[0])
        let shape = try SimulationShape(workload)
        let result = try Simulator(shape: shape, calibration: .sampleLockVM2, width: 2, cores: 2).run(
            policy: StrictPolicy())
        let figures = result.figures(for: workload, shape: shape, width: 2)
        let main: [String: Double] = [
            "operations": 3_000, "wall_s": 0.199212119, "ops_per_s": 15059.324779332326,
            "offered_ops_per_s": 15058.891412719142, "a2s_mean_ns": 12107.016666666666, "a2s_p99_ns": 141_824,
            "a2s_max_ns": 673_934, "a2f_p99_ns": 265_216, "s2f_mean_ns": 50375.325666666664,
            "model_wait_ns": 9336.216666666667, "theory_wait_ns": 8465.224276363972,
            "prio_low_e2s_p99_ns": 396_288, "prio_normal_e2s_p99_ns": 138_752, "prio_high_e2s_p99_ns": 51_584,
            "peak_concurrency": 2,
        ]
        for (name, value) in main { #expect(figures[name] == value, "\(name)") }
    }
}
