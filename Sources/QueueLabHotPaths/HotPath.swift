/// One of the four hot paths every queue has: what an allocation benchmark of a queue measures.
///
/// The paths, not the queues, are fixed here so that a user's benchmarks and QueueLab's own measure
/// the same thing under the same names (`lock-add`, `mine-cancel`...).
public enum HotPath: String, CaseIterable, Sendable {
    /// ``HotPath/batch`` adds to a suspended queue: the cost of taking an operation in.
    case add
    /// Resuming a suspended queue holding ``HotPath/batch`` ready operations until it is empty: the
    /// cost of starting, running an empty body, and finishing.
    case startFinish = "start-finish"
    /// Resuming a suspended queue holding a chain of ``HotPath/batch`` operations, each depending on
    /// the one before, until it is empty: the cost of releasing a dependent when its dependency finishes.
    case dependencyRelease = "dependency-release"
    /// `cancelAllOperations()` on a suspended queue holding ``HotPath/batch`` operations, then resuming
    /// it until it is empty: the cost of cancelling and finishing operations that never run.
    case cancel

    /// Operations per measured iteration: large enough that per-operation allocations dominate the
    /// fixed cost of a queue, small enough that Foundation's quadratic dependency scheduling stays fast.
    public static let batch = 256

    /// The absolute tolerance (in allocations per iteration, at p90) to gate a hot path with.
    ///
    /// `mallocCountTotal` counts every thread of the process, including the worker threads a queue
    /// parks and wakes (and their thread-local caches): a run on an idle machine and one on a busy
    /// machine differ by a few allocations per batch. 64 absorbs that; one extra allocation per
    /// operation (``batch`` = 256 more) is far outside it. A queue whose counts move more than this
    /// between runs (QueueLab's actor queue hands adds to a task whose batching depends on load)
    /// needs a wider tolerance of its own, still below ``batch``.
    public static let recommendedAllocationTolerance = 64

    /// How long a drain may take before the benchmark stops with the queue's stall report: far above
    /// any healthy drain of ``batch`` operations, so it only ends a run that would otherwise hang.
    public static let drainLimit: Duration = .seconds(30)
}
