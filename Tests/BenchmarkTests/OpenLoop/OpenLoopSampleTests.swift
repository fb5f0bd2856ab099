import Foundation
import QueueLabBenchmarks
import QueueLabImplementations
import Testing

/// An `open` sample on a real queue: what it reports, not how fast (no timing is asserted).
@Suite struct OpenLoopSampleTests {
    @Test(.timeLimit(.minutes(5)))
    func aSampleReportsItsScheduleAndItsBacklog() throws {
        let workload = try Workload(
            parsing: "open:rate=2000;duration_ms=100;service=const:10us;width=1;arrivals=constant")
        let figures = try SampleRunner.run(
            try Implementations.named("lock"), workload: workload, drainTimeout: .seconds(30))
        #expect(figures["operations"] == 200)
        // The schedule's own rate: 199 gaps of exactly 500 us.
        #expect(abs(try #require(figures["offered_ops_per_s"]) - 2_000) < 1)
        #expect(try #require(figures["s2f_mean_ns"]) >= 10_000)
        #expect(figures["backlog_end"] != nil)
        let late = try #require(figures["generator_late"])
        // Latencies are reported exactly when the generator kept to its schedule.
        #expect((figures["a2f_p99_ns"] != nil) == (late == 0))
        #expect((figures["e2f_p99_ns"] != nil) == (late == 0))
        if late == 0 {
            // From the intended arrival, a wait can only be longer than from the actual add.
            #expect(try #require(figures["a2s_max_ns"]) >= figures["e2s_max_ns"]! * 0.99)
            #expect(figures["latency_samples"] == 200)
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func aPriorityMixNeedsPriorities() throws {
        let workload = try Workload(parsing: "open:rate=1000;duration_ms=20;mix=high:1+low:1;service=const:1us")
        #expect(throws: SampleError.self) {
            try SampleRunner.run(try Implementations.named("dispatch"), workload: workload, warmUp: false)
        }
        let figures = try SampleRunner.run(try Implementations.named("lock"), workload: workload, warmUp: false)
        #expect(figures["operations"] == 20)
    }
}
