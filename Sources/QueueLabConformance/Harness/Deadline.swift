import QueueLabCore

/// A point on ``MonotonicClock``: the budget every wait of a check shares.
///
/// A check's own deadline is a stall deadline: it lies `stallBound` after the last progress its
/// ``ProgressWatch`` saw, so it moves on while the queues move. Other deadlines are fixed points.
struct Deadline: Sendable {
    private let fixed: UInt64
    private let watch: ProgressWatch?
    private let stallBound: UInt64

    /// However much the queues move, one wait (``keepWaiting(_:)``) ends after this many stall
    /// bounds: a queue that keeps running bodies without ever finishing is STALE too. The limit
    /// is per wait, not per check, so a check made of many short waits is never cut short on a
    /// slow machine.
    static let waitLimitInBounds: UInt64 = 8

    init(after duration: Duration) { self.init(nanoseconds: MonotonicClock.now() &+ duration.nanoseconds) }

    init(nanoseconds: UInt64) {
        fixed = nanoseconds
        watch = nil
        stallBound = 0
    }

    /// `stallBound` after the last progress `watch` saw.
    init(stallingAfter stallBound: Duration, of watch: ProgressWatch) {
        fixed = .max
        self.watch = watch
        self.stallBound = stallBound.nanoseconds
    }

    /// The point as it stands now (a stall deadline moves later with progress).
    var nanoseconds: UInt64 {
        guard let watch else { return fixed }
        return watch.last &+ stallBound
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
    /// deadline on, for at most ``waitLimitInBounds`` stall bounds: true as soon as an attempt
    /// succeeds, false once the deadline or that limit passed.
    func keepWaiting(_ attempt: (Duration) -> Bool) -> Bool {
        let limit = Deadline(nanoseconds: MonotonicClock.now() &+ stallBound * Self.waitLimitInBounds)
        while true {
            let end = watch == nil ? self : Deadline(nanoseconds: min(nanoseconds, limit.nanoseconds))
            if attempt(end.remaining) { return true }
            if hasPassed || (watch != nil && limit.hasPassed) { return false }
        }
    }

    /// ``keepWaiting(_:)`` for a bounded `waitUntilAllOperationsAreFinished(timeout:)`: nil once
    /// the queue finished, else the stall report of its last attempt.
    func keepWaitingForAll(_ wait: (Duration) -> WaitOutcome) -> StallReport? {
        var stall: StallReport?
        let finished = keepWaiting { timeout in
            guard case .timedOut(let report) = wait(timeout) else { return true }
            stall = report
            return false
        }
        return finished ? nil : stall
    }
}
