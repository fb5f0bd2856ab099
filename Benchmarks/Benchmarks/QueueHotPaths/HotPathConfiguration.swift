@preconcurrency import Benchmark
import Foundation

enum HotPathConfiguration {
    /// Operations per measured iteration: large enough that per-operation allocations dominate the
    /// fixed cost of a queue, small enough that Foundation's quadratic dependency scheduling stays fast.
    static let batch = 256

    /// `mallocCountTotal` counts every thread of the process, including worker threads the queue parks
    /// and wakes (and their thread-local caches): a run on an idle machine and one on a busy machine
    /// differ by a few allocations per batch. The absolute tolerance absorbs that; a single extra
    /// allocation per operation (`batch` more) is far outside it.
    static let allocationTolerance = 64

    /// `scripts/benchmarks-check` sets this so that only allocations are measured, written to the
    /// threshold files and checked: wall time on a shared 2-core machine moves far more than any useful
    /// threshold (`queuelab compare` judges time statistically across processes instead).
    static let allocationsOnlyVariable = "QUEUELAB_ALLOCATIONS_ONLY"

    static var metrics: [BenchmarkMetric] {
        ProcessInfo.processInfo.environment[allocationsOnlyVariable] == "1" ? [.mallocCountTotal] : [.mallocCountTotal, .wallClock]
    }

    static var standard: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: metrics,
            warmupIterations: 3,
            scalingFactor: .one,
            maxDuration: .milliseconds(600),
            maxIterations: 40,
            thresholds: [
                .mallocCountTotal: .init(relative: [:], absolute: [.p90: allocationTolerance]),
            ]
        )
    }
}
