import QueueLabCore
import Synchronization

/// When the queues of one check last moved: a transition they reported, a body starting or
/// ending, a completion handler, an add that returned. A check's waits end STALE when nothing
/// moved for its time bound, not when the check as a whole ran longer than the bound: on a
/// loaded machine a correct queue is slow, but it moves.
final class ProgressWatch: Sendable {
    private let lastProgress = Atomic<UInt64>(MonotonicClock.now())

    /// Something moved now.
    func note() { lastProgress.store(MonotonicClock.now(), ordering: .relaxed) }

    /// When something last moved, on ``MonotonicClock``.
    var last: UInt64 { lastProgress.load(ordering: .relaxed) }
}
