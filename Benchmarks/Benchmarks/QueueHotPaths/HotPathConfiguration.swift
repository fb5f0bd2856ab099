@preconcurrency import Benchmark
import Foundation

enum HotPathConfiguration {
    /// Operations per measured iteration: large enough that per-operation allocations dominate the
    /// fixed cost of a queue, small enough that Foundation's quadratic dependency scheduling stays fast.
    static let batch = 256

    /// `mallocCountTotal` counts every thread of the process, including worker threads the queue parks
    /// and wakes (and their thread-local caches): a run on an idle machine and one on a busy machine
    /// differ by a few allocations per batch. The absolute tolerance absorbs that; one extra allocation
    /// per operation (`batch` = 256 more) is far outside it.
    static let allocationTolerance = 64

    /// The actor queue hands each add to an actor through an inbox, drained by a task whose batching
    /// depends on the machine's load; its tolerance is wider, still below one allocation per operation.
    static let tolerances: [String: Int] = ["actor": 160]

    /// Benchmarks whose allocation count is not deterministic, so never gated (they still run and print
    /// in a plain `swift package benchmark`): the actor queue allocates per drain of its inbox, and how
    /// many adds one drain takes depends on thread scheduling. Its `add` on a suspended queue counted
    /// 20 to 196 allocations per batch in three runs here, and adds to a running queue followed by the
    /// drain 177 to 441. Its start, dependency release and cancel paths were stable and are gated.
    static let ungated: Set<String> = ["actor-add"]

    static var allocationsOnly: Bool { ProcessInfo.processInfo.environment[allocationsOnlyVariable] == "1" }

    static func tolerance(for implementation: String) -> Int {
        tolerances[implementation] ?? allocationTolerance
    }

    /// `scripts/benchmarks-check` sets this so that only allocations are measured, written to the
    /// threshold files and checked: wall time on a shared 2-core machine moves far more than any useful
    /// threshold (`queuelab compare` judges time statistically across processes instead).
    static let allocationsOnlyVariable = "QUEUELAB_ALLOCATIONS_ONLY"

    static var metrics: [BenchmarkMetric] {
        allocationsOnly ? [.mallocCountTotal] : [.mallocCountTotal, .wallClock]
    }

    /// `name`'s configuration; an ungated benchmark is skipped when only allocations are measured.
    static func configuration(for implementation: String, name: String) -> Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: metrics,
            warmupIterations: 3,
            scalingFactor: .one,
            maxDuration: .milliseconds(600),
            maxIterations: 40,
            skip: allocationsOnly && ungated.contains(name),
            thresholds: [
                .mallocCountTotal: .init(relative: [:], absolute: [.p90: tolerance(for: implementation)])
            ]
        )
    }
}
