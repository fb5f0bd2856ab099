import QueueLabCore
import QueueLabImplementations
import Testing

@testable import QueueLabBenchmarks

/// `inversion`: its parameters, its operations and its figures (the figures' sizes are a
/// benchmark's business, not a test's).
@Suite struct InversionWorkloadTests {
    @Test func parametersAndTheirRanges() throws {
        let workload = try Workload(parsing: "inversion:n=1000;every=10;util=50")
        #expect(workload["us"] == 20 && workload["width"] == 1)
        func count<Q: OperationQueueing>(_: Q.Type) -> Int { WorkloadExecution<Q>.operationCount(workload) }
        #expect(count(try Implementations.named("lock")) == 1_000 + 2 * 100)
        for bad in ["inversion:util=0", "inversion:util=101", "inversion:every=0", "inversion:n=-1"] {
            #expect(throws: WorkloadParseError.self, "\(bad)") { try Workload(parsing: bad) }
        }
        #expect(workload.unsupportedReason(for: [.priorities, .width]) != nil, "needs dependencies")
    }

    @Test(.timeLimit(.minutes(5)), arguments: ["strict", "inherit"])
    func everyVeryHighOperationIsTimed(_ policy: String) throws {
        let recipe = try Implementations.recipe(named: "lock", policy: policy)
        let workload = try Workload(parsing: "inversion:n=600;every=20;util=50;us=10")
        let figures = try run(recipe, workload)
        #expect(figures["operations"] == 660, "600 normal, 30 pairs")
        let p50 = try #require(figures["inversion_p50_ns"])
        let p99 = try #require(figures["inversion_p99_ns"])
        let max = try #require(figures["inversion_max_ns"])
        #expect(0 < p50 && p50 <= p99 && p99 <= max)
    }

    private func run(_ recipe: some QueueRecipe, _ workload: Workload) throws -> SampleFigures {
        try SampleRunner.run(recipe: recipe, workload: workload, drainTimeout: .seconds(30), environment: [:])
    }
}
