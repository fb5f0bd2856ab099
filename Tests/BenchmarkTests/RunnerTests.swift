import Foundation
import QueueLabCore
import QueueLabImplementations
import TestTiers
import Testing

@testable import QueueLabBenchmarks

@Suite struct RunnerTests {
    /// A queue to measure: the first registered implementation that has every capability.
    static var queue: (any OperationQueueing.Type)? { Implementations.queues.first ?? Implementations.all.first }

    @Test(.enabled(if: RunnerTests.queue != nil), .timeLimit(.minutes(5)))
    func inProcessSampleOfATinyWorkload() throws {
        let figures = try SampleRunner.run(
            RunnerTests.queue!, workload: Workload(kind: .noop, parameters: ["n": 500]), latencyEvery: 10,
            drainTimeout: .seconds(20), environment: [:])
        #expect(figures["operations"] == 500)
        #expect((figures["ops_per_s"] ?? 0) > 0)
        #expect(figures["latency_samples"] == 50)
        #expect((figures["e2f_p50_ns"] ?? 0) > 0)
        #expect((figures["peak_concurrency"] ?? 0) >= 1)
        #expect(figures.allocator == "system")
    }

    @Test(.enabled(if: RunnerTests.queue != nil), .timeLimit(.minutes(5)))
    func slowdownKnobSlowsEveryOperation() throws {
        let workload = Workload(kind: .noop, parameters: ["n": 200, "width": 1])
        let figures = try SampleRunner.run(
            RunnerTests.queue!, workload: workload, drainTimeout: .seconds(20),
            environment: [TestSlowdown.environmentVariable: "100000"])
        // 200 operations of at least 100 us each on one lane: at least 20 ms.
        #expect((figures["wall_s"] ?? 0) >= 0.02)
    }

    @Test func unsupportedWorkloadIsSkipped() {
        let workload = Workload(kind: .chain)
        #expect(workload.unsupportedReason(for: []) != nil)
        #expect(workload.unsupportedReason(for: .all) == nil)
        #expect(Workload(kind: .noop, parameters: ["width": 1]).unsupportedReason(for: []) != nil)
    }

    @Test func foundationIsCapped() {
        let (capped, note) = WorkloadSuite.sized(Workload(kind: .chain), for: "foundation")
        #expect(capped["n"] == 2_000)
        #expect(note != nil)
        #expect(WorkloadSuite.sized(Workload(kind: .chain), for: "lock").1 == nil)
    }
}

@Suite struct PairedOrderTests {
    static func runner(order: SampleOrder) -> BenchmarkRunner {
        var plan = BenchmarkPlan(
            implementations: [
                ImplementationInfo(name: "a", capabilities: .all), ImplementationInfo(name: "b", capabilities: .all),
            ],
            workloads: [Workload(kind: .noop, parameters: ["n": 10]), Workload(kind: .ping)],
            variants: [
                BenchmarkVariant(name: "base", executable: "/bin/true"),
                BenchmarkVariant(name: "head", executable: "/bin/true"),
            ])
        plan.order = order
        return BenchmarkRunner(
            plan: plan, metadata: RunMetadata(host: "h", cores: 2, swiftVersion: "6.3.1"), progress: { _ in },
            launcher: { _, _ in throw CancellationError() })
    }

    @Test(arguments: SampleOrder.allCases)
    func baseAndHeadOfACellRunBackToBackEveryRound(order: SampleOrder) {
        let runner = Self.runner(order: order)
        let (cells, _) = runner.cells()
        for round in 0..<6 {
            let ordered = runner.order(cells, round: round)
            #expect(ordered.count == cells.count)
            #expect(Set(ordered) == Set(cells))
            for pair in stride(from: 0, to: ordered.count, by: 2) {
                #expect(ordered[pair].recordCellKey == ordered[pair + 1].recordCellKey)
                // Alternating which variant goes first, so neither always runs on a cooler machine.
                #expect(ordered[pair].variant == (round % 2 == 0 ? "base" : "head"))
            }
        }
    }
}
