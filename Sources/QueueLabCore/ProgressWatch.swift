import Synchronization

/// When the queues of one check last moved: a transition they reported, a body starting or
/// ending, a completion handler, an add that returned. A check's waits end STALE when nothing
/// moved for its time bound, not when the check as a whole ran longer than the bound: on a
/// loaded machine a correct queue is slow, but it moves.
///
/// Here, beside ``Deadline`` (a stall deadline is measured from it), rather than with the
/// conformance checks that note the progress. `package`: shared by QueueLab's modules, not its API.
package final class ProgressWatch: Sendable {
    private let lastProgress = Atomic<UInt64>(MonotonicClock.now())

    package init() {}

    /// Something moved now.
    package func note() { lastProgress.store(MonotonicClock.now(), ordering: .relaxed) }

    /// When something last moved, on ``MonotonicClock``.
    package var last: UInt64 { lastProgress.load(ordering: .relaxed) }
}
