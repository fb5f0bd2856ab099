import Foundation
import QueueLabCore
import QueueLabImplementations
import TestTiers
import Testing

@testable import QueueLabBenchmarks

/// `idle`: its parameter, its operations and that its figures are there (how much CPU a queue
/// burns while idle is a benchmark's business, not a test's).
@Suite(.onBlockingThreads) struct IdleWorkloadTests {
    @Test func parametersAndTheirRanges() throws {
        #expect(try Workload(parsing: "idle").parameters == ["ms": 1_000])
        #expect(try Workload(parsing: "idle:ms=200")["ms"] == 200)
        #expect(try Workload(parsing: "idle:ms=10")["ms"] == 10)
        #expect(try Workload(parsing: "idle:ms=60000")["ms"] == 60_000)
        for bad in ["idle:ms=9", "idle:ms=0", "idle:ms=-1", "idle:ms=60001", "idle:ms=x", "idle:n=5"] {
            #expect(throws: WorkloadParseError.self, "\(bad)") { try Workload(parsing: bad) }
        }
        let error = #expect(throws: WorkloadParseError.self) { try Workload(parsing: "idle:ms=5") }
        #expect(error?.message == "workload idle: ms=5 must be 10 to 60000 (milliseconds idle)")
        #expect(try Workload(parsing: "idle").warmUp["ms"] == 20, "the warm-up idles briefly")
        let workload = try Workload(parsing: "idle")
        func count<Q: OperationQueueing>(_: Q.Type) -> Int { WorkloadExecution<Q>.operationCount(workload) }
        #expect(count(try Implementations.named("lock")) == IdleWorkload.operations)
        #expect(workload.unsupportedReason(for: []) == nil, "any queue can idle")
    }

    @Test func idleFiguresAreRecorded() throws {
        let recipe = try Implementations.recipe(named: "lock", policy: nil)
        let workload = try Workload(parsing: "idle:ms=20")
        let figures = try SampleRunner.run(
            recipe: recipe, workload: workload, drainTimeout: .seconds(30), environment: [:])
        #expect(figures["operations"] == Double(IdleWorkload.operations))
        #expect(try #require(figures["wall_s"]) >= 0.02, "the idle interval is inside the timed phase")
        for name in ["idle_user_cpu_s", "idle_sys_cpu_s", "idle_threads", "threads_left_after_free"] {
            let value = try #require(figures[name], "\(name)")
            #expect(Figure.byColumn[name]?.rangeProblem(value) == nil, "\(name) = \(value)")
            #expect(Figure.byColumn[name]?.direction == .lowerIsBetter)
        }
    }
}
