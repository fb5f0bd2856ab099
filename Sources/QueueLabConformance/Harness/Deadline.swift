import QueueLabCore

/// A point on ``MonotonicClock``: the budget every wait of a check shares.
///
/// A check's own deadline is a stall deadline: it lies `stallBound` after the last progress its
/// ``ProgressWatch`` saw, so it moves on while the queues move, up to a hard limit (a queue that
/// keeps moving but never finishes still ends). Other deadlines are fixed points.
struct Deadline: Sendable {
    private let limit: UInt64
    private let watch: ProgressWatch?
    private let stallBound: UInt64

    init(after duration: Duration) { self.init(nanoseconds: MonotonicClock.now() &+ duration.nanoseconds) }

    init(nanoseconds: UInt64) {
        limit = nanoseconds
        watch = nil
        stallBound = 0
    }

    /// `stallBound` after the last progress `watch` saw, and never after `limit` from now.
    init(stallingAfter stallBound: Duration, of watch: ProgressWatch, limit: Duration) {
        self.limit = MonotonicClock.now() &+ limit.nanoseconds
        self.watch = watch
        self.stallBound = stallBound.nanoseconds
    }

    /// The point as it stands now (a stall deadline moves later with progress).
    var nanoseconds: UInt64 {
        guard let watch else { return limit }
        return min(limit, watch.last &+ stallBound)
    }

    var remaining: Duration {
        let now = MonotonicClock.now()
        let end = nanoseconds
        return now >= end ? .zero : .nanoseconds(Int64(end - now))
    }

    var hasPassed: Bool { MonotonicClock.now() >= nanoseconds }

    /// The earlier of this deadline as it stands now and `duration` from now (a fixed point).
    func capped(_ duration: Duration) -> Deadline {
        Deadline(nanoseconds: min(nanoseconds, MonotonicClock.now() &+ duration.nanoseconds))
    }

    /// Repeats `attempt` (a wait bounded by the time it is given) while progress moves the
    /// deadline on: true as soon as an attempt succeeds, false once the deadline passed.
    func keepWaiting(_ attempt: (Duration) -> Bool) -> Bool {
        while true {
            if attempt(remaining) { return true }
            if hasPassed { return false }
        }
    }
}
