@preconcurrency import Benchmark
import Foundation
import QueueLabCore
import QueueLabHotPaths

/// How QueueLab gates its own queues' hot paths: the scenarios come from `QueueLabHotPaths` (the same
/// a user's benchmark target registers); what is QueueLab's own is here: the actor queue's wider
/// tolerance, the path left ungated, and the allocations-only mode of scripts/benchmarks-check.
enum HotPathConfiguration {
    /// The actor queue hands each add to an actor through an inbox, drained by a task whose batching
    /// depends on the machine's load; its tolerance is wider, still below one allocation per operation.
    static let tolerances: [String: Int] = ["actor": 160]

    /// Benchmarks whose allocation count is not deterministic, so never gated (they still run and print
    /// in a plain `swift package benchmark`): the actor queue allocates per drain of its inbox, and how
    /// many adds one drain takes depends on thread scheduling. Its `add` on a suspended queue counted
    /// 20 to 196 allocations per batch in three runs here, and adds to a running queue followed by the
    /// drain 177 to 441. Its start, dependency release and cancel paths were stable and are gated.
    static let ungated: Set<String> = ["actor-add"]

    /// `scripts/benchmarks-check` sets this so that only allocations are measured, written to the
    /// threshold files and checked: wall time on a shared 2-core machine moves far more than any useful
    /// threshold (`queuelab compare` judges time statistically across processes instead).
    static let allocationsOnlyVariable = "QUEUELAB_ALLOCATIONS_ONLY"

    static var allocationsOnly: Bool { ProcessInfo.processInfo.environment[allocationsOnlyVariable] == "1" }

    static var metrics: [BenchmarkMetric] {
        allocationsOnly ? [.mallocCountTotal] : [.mallocCountTotal, .wallClock]
    }

    /// `Queue`'s four scenarios, each with QueueLab's tolerance for that queue.
    static func scenarios<Queue: OperationQueueing>(_ queue: Queue.Type) -> [HotPathScenario<Queue>] {
        HotPath.allCases.map {
            HotPathScenario(
                $0, allocationTolerance: tolerances[Queue.implementationName] ?? HotPath.recommendedAllocationTolerance)
        }
    }

    /// The scenario's configuration; an ungated benchmark is skipped when only allocations are measured.
    static func configuration<Queue>(for scenario: HotPathScenario<Queue>) -> Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: metrics,
            warmupIterations: 3,
            scalingFactor: .one,
            maxDuration: .milliseconds(600),
            maxIterations: 40,
            skip: allocationsOnly && ungated.contains(scenario.name),
            thresholds: [
                .mallocCountTotal: .init(relative: [:], absolute: [.p90: scenario.allocationTolerance])
            ]
        )
    }
}
