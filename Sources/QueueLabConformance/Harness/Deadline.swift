import QueueLabCore

/// A point on ``MonotonicClock``: the budget every wait of a check shares.
struct Deadline: Sendable {
    let nanoseconds: UInt64

    init(after duration: Duration) { nanoseconds = MonotonicClock.now() &+ duration.nanoseconds }
    init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

    var remaining: Duration {
        let now = MonotonicClock.now()
        return now >= nanoseconds ? .zero : .nanoseconds(Int64(nanoseconds - now))
    }

    var hasPassed: Bool { MonotonicClock.now() >= nanoseconds }

    /// The earlier of this deadline and `duration` from now.
    func capped(_ duration: Duration) -> Deadline {
        Deadline(nanoseconds: min(nanoseconds, MonotonicClock.now() &+ duration.nanoseconds))
    }
}
