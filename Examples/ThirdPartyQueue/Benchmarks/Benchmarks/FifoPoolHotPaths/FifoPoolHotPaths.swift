import Benchmark
import FifoPool
import QueueLabHotPaths

// fifo-pool's hot paths (add, start-finish, dependency-release, cancel), as QueueLab measures its own
// queues: allocations gated against Thresholds/<swift-version>/, within each scenario's tolerance.
let benchmarks: @Sendable () -> Void = {
    for scenario in HotPathScenario<FifoPoolQueue>.all {
        let gate: [BenchmarkMetric: BenchmarkThresholds] = [
            .mallocCountTotal: .init(absolute: [.p90: scenario.allocationTolerance])
        ]
        Benchmark(scenario.name, configuration: .init(metrics: [.mallocCountTotal], thresholds: gate)) { benchmark in
            for _ in benchmark.scaledIterations {
                scenario.runIteration(
                    startMeasurement: { benchmark.startMeasurement() },
                    stopMeasurement: { benchmark.stopMeasurement() })
            }
        }
    }
}
