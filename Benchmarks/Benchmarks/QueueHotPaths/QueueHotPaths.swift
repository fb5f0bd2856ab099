import ActorBasedQueue
import Benchmark
import FoundationAdapter
import LockBasedQueue
import QueueLabCore

// The hot paths of every queue, measured in allocations (deterministic, so they can gate a merge)
// and wall clock (informational only: on a shared 2-core machine it moves 10 to 90 percent between
// processes, see shared/reference/benchmarking.md).
//
// Thresholds live in Thresholds/<swift-version>/ because the standard library's own allocations
// change between toolchains; scripts/benchmarks-check picks the folder of the running toolchain.
let benchmarks: @Sendable () -> Void = {
    HotPaths<LockQueue>.register()
    HotPaths<ActorQueue>.register()
    HotPaths<FoundationQueue>.register()
}
