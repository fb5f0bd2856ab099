import QueueLabBenchmarks
import QueueLabScheduling
import QueueLabSimulation
import Testing

/// The producer the simulation plays for `open`, `priority` and `inversion`: one thread adding one
/// operation at a time, each add costing the calibration's `add_ns`.
@Suite struct ProducerTests {
    static func costs(add: UInt64) -> SimulationCalibration {
        SimulationCalibration(
            name: "test", implementation: "test", overheadNanoseconds: 0, wakeupNanoseconds: 500,
            handOffNanoseconds: 0, addNanoseconds: add)
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
}
