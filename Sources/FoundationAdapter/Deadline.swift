import Foundation
import QueueLabCore

/// A point on ``MonotonicClock`` for bounded waits on an `NSCondition`.
///
/// `NSCondition.wait(until:)` takes a wall-clock `Date`; the remaining time is recomputed from the
/// monotonic clock before every wait, so a wall-clock jump can only cause an early wake-up (the
/// loop waits again), never a wait past the bound.
struct Deadline {
    private let end: UInt64

    init(after timeout: Duration) {
        let now = MonotonicClock.now()
        let (sum, overflow) = now.addingReportingOverflow(timeout.nanoseconds)
        end = overflow ? .max : sum
    }

    var hasPassed: Bool { MonotonicClock.now() >= end }

    /// Waits on `condition` (locked by the caller) until signalled or the deadline passed.
    /// - Returns: `false` when the deadline passed.
    func wait(on condition: NSCondition) -> Bool {
        let now = MonotonicClock.now()
        guard now < end else { return false }
        let remaining = Double(end - now) / 1e9
        _ = condition.wait(until: Date(timeIntervalSinceNow: min(remaining, 86_400 * 365)))
        return true
    }
}
