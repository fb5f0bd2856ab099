import QueueLabCore

/// How long the bodies of one check may wait at start barriers for a partner that never comes.
///
/// Stress pairs bodies up so that they truly overlap. A partner may be unable to run beside a body
/// (it depends on it, it was cancelled, it is the last odd one), and each such meeting costs its
/// short bound. Shared by every harness of a check, so that the misses of all its iterations
/// together stay a small part of the check's time bound: forcing overlap may lose power, never
/// turn a correct queue STALE.
final class OverlapBudget: Sendable {
    private let limit: Duration
    private let spent = Locked(Duration.zero)

    init(limit: Duration) { self.limit = limit }

    /// Whether meetings may still be held.
    var isAvailable: Bool { spent.withLock { $0 < limit } }

    /// A meeting waited `duration` in vain.
    func charge(_ duration: Duration) { spent.withLock { $0 += duration } }
}
