import ActorBasedQueue
import Benchmark
import FoundationAdapter
import LockBasedQueue
import QueueLabCore
import QueueLabHotPaths

// The hot paths of every queue, measured in allocations (deterministic, so they can gate a merge)
// and wall clock (informational only: on a shared 2-core machine it moves 10 to 90 percent between
// processes, see shared/reference/benchmarking.md).
//
// The scenarios are QueueLabHotPaths', the same a user's benchmark target registers for its own queue
// (Examples/ThirdPartyQueue/Benchmarks): one piece of code serves both.
//
// Thresholds live in Thresholds/<swift-version>/ because the standard library's own allocations
// change between toolchains; scripts/benchmarks-check picks the folder of the running toolchain.
let benchmarks: @Sendable () -> Void = {
    register(LockQueue.self)
    register(ActorQueue.self)
    register(FoundationQueue.self)
}

func register<Queue: OperationQueueing>(_ queue: Queue.Type) {
    for scenario in HotPathConfiguration.scenarios(queue) {
        Benchmark(scenario.name, configuration: HotPathConfiguration.configuration(for: scenario)) { benchmark in
            for _ in benchmark.scaledIterations {
                scenario.runIteration(
                    startMeasurement: { benchmark.startMeasurement() },
                    stopMeasurement: { benchmark.stopMeasurement() })
            }
        }
    }
}
