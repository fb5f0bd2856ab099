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

/// Busy work of a given length: what a body does to take time without sleeping.
func spin(nanoseconds: UInt64) {
    guard nanoseconds > 0 else { return }
    let end = MonotonicClock.now() &+ nanoseconds
    while MonotonicClock.now() < end {}
}
