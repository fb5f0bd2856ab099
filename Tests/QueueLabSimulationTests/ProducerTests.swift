import QueueLabBenchmarks
import QueueLabScheduling
import QueueLabSimulation
import TestTiers
import Testing

/// The producer the simulation plays for `open`, `priority` and `inversion`: one thread adding one
/// operation at a time, each add costing the calibration's `add_ns`.
@Suite(.onBlockingThreads) struct ProducerTests {
    static func costs(add: UInt64, make: UInt64 = 0, edge: UInt64 = 0) -> SimulationCalibration {
        var calibration = SimulationCalibration(
            name: "test", implementation: "test", overheadNanoseconds: 0, wakeupNanoseconds: 500,
            handOffNanoseconds: 0, addNanoseconds: add)
        (calibration.makeNanoseconds, calibration.edgeNanoseconds) = (make, edge)
        return calibration
    }

    /// `priority` is due all at once: its adds come `add_ns` apart, the first after one add.
    @Test func operationsDueTogetherAreAddedOneAfterAnother() throws {
        let workload = try Workload(parsing: "priority:n=50;us=5")
        let shape = try SimulationShape(workload)
        let result = try Simulator(shape: shape, calibration: Self.costs(add: 700), width: 2, cores: 2)
            .run(policy: try SchedulingPolicies.parse("strict"), keepingTimeline: true)
        #expect(result.enqueued == (1...50).map { UInt64($0) * 700 })
        let all = try Simulator(shape: shape, calibration: Self.costs(add: 0), width: 2, cores: 2)
            .run(policy: try SchedulingPolicies.parse("strict"), keepingTimeline: true)
        #expect(all.enqueued.allSatisfy { $0 == 0 })
    }

    /// `inversion` under `inherit`: the `normal` operation is added before its `veryLow`/`veryHigh`
    /// pair, so a worker woken sooner than the next add takes it first and the `veryHigh` one waits
    /// for most of two bodies, as measured on `lock` (about 41 us for 20 us bodies); added all at once, the
    /// pair goes first and it waits for one.
    @Test func theNormalOperationIsTakenBeforeThePairArrives() throws {
        let workload = try Workload(parsing: "inversion:n=2000;us=20;util=80;every=50;width=1")
        let shape = try SimulationShape(workload)
        func p50(add: UInt64) throws -> Double {
            let result = try Simulator(shape: shape, calibration: Self.costs(add: add), width: 1, cores: 1)
                .run(policy: try SchedulingPolicies.parse("inherit"))
            return try #require(result.figures(for: workload, shape: shape, width: 1)["inversion_p50_ns"])
        }
        #expect(try p50(add: 1_000) >= 35_000)
        #expect(try p50(add: 0) < 25_000)
    }

    /// The producer makes each operation and the pair's edge before its add call, and adds the
    /// pair in one call: the `normal` operation reaches the queue one make and one add after it is
    /// due, the pair together, two makes, an edge and an add later. With the costs measured on
    /// `lock` (a make 0.28 us, an edge 0.9 us, an add 0.15 us, a wake-up 0.77 us) a woken worker
    /// takes the `normal` operation first, as on the real queue; with the add call alone (0.15 us)
    /// it took the pair first.
    @Test func thePairIsMadeThenAddedInOneCall() throws {
        let workload = try Workload(parsing: "inversion:n=100;us=20;util=80;every=50;width=1")
        let shape = try SimulationShape(workload)
        let result = try Simulator(
            shape: shape, calibration: Self.costs(add: 150, make: 280, edge: 900), width: 1, cores: 1
        ).run(policy: try SchedulingPolicies.parse("inherit"), keepingTimeline: true)
        // Operation 25 (due at 25 x 25 us) is the normal one the first pair follows: 26 and 27.
        let due: UInt64 = 25 * 25_000
        #expect(result.enqueued[25] == due + 280 + 150)
        #expect(result.enqueued[26] == due + 430 + 2 * 280 + 900 + 150)
        #expect(result.enqueued[27] == result.enqueued[26])
        func p50(_ calibration: SimulationCalibration) throws -> Double {
            var measured = calibration
            measured.wakeupNanoseconds = 774
            let result = try Simulator(shape: shape, calibration: measured, width: 1, cores: 1)
                .run(policy: try SchedulingPolicies.parse("inherit"))
            return try #require(result.figures(for: workload, shape: shape, width: 1)["inversion_p50_ns"])
        }
        #expect(try p50(Self.costs(add: 150, make: 280, edge: 900)) >= 35_000)
        #expect(try p50(Self.costs(add: 150)) < 25_000)
    }
}
