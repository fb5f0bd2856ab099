import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A point on ``MonotonicClock``: what a bounded wait waits until.
///
/// Fixed (``init(after:)``, ``init(nanoseconds:)``), or a stall deadline
/// (``init(stallingAfter:of:)``): `stallBound` after the last progress a ``ProgressWatch`` saw, so
/// that it moves on while the queues move. The conformance checks share a stall deadline among
/// every wait of a check; the Foundation adapter bounds its waits with fixed ones.
/// `package`: shared by QueueLab's modules, not its API.
package struct Deadline: Sendable {
    private let fixed: UInt64
    private let watch: ProgressWatch?
    private let stallBound: UInt64

    /// However much the queues move, one wait (``keepWaiting(_:)``) ends after this many stall
    /// bounds: a queue that keeps running bodies without ever finishing is STALE too. The limit
    /// is per wait, not per check, so a check made of many short waits is never cut short on a
    /// slow machine.
    package static let waitLimitInBounds: UInt64 = 8

    /// `duration` from now; saturating, so that a timeout too long for the clock waits forever
    /// rather than wrapping around into a deadline already passed.
    package init(after duration: Duration) {
        let (sum, overflow) = MonotonicClock.now().addingReportingOverflow(duration.nanoseconds)
        self.init(nanoseconds: overflow ? .max : sum)
    }

    package init(nanoseconds: UInt64) {
        fixed = nanoseconds
        watch = nil
        stallBound = 0
    }

    /// `stallBound` after the last progress `watch` saw.
    package init(stallingAfter stallBound: Duration, of watch: ProgressWatch) {
        fixed = .max
        self.watch = watch
        self.stallBound = stallBound.nanoseconds
    }

    /// The point as it stands now (a stall deadline moves later with progress).
    package var nanoseconds: UInt64 {
        guard let watch else { return fixed }
        return watch.last &+ stallBound
    }

    package var remaining: Duration {
        let now = MonotonicClock.now()
        let end = nanoseconds
        return now >= end ? .zero : .nanoseconds(Int64(end - now))
    }

    package var hasPassed: Bool { MonotonicClock.now() >= nanoseconds }

    /// The earlier of this deadline as it stands now and `duration` from now (a fixed point).
    package func capped(_ duration: Duration) -> Deadline {
        Deadline(nanoseconds: min(nanoseconds, MonotonicClock.now() &+ duration.nanoseconds))
    }

    /// Waits on `condition` (locked by the caller) until signalled or the deadline passed.
    ///
    /// `NSCondition.wait(until:)` takes a wall-clock `Date`; the remaining time is recomputed from
    /// the monotonic clock before every wait, so a wall-clock jump can only cause an early wake-up
    /// (the caller's loop waits again), never a wait past the bound.
    /// - Returns: `false` when the deadline passed.
    package func wait(on condition: NSCondition) -> Bool {
        let now = MonotonicClock.now()
        let end = nanoseconds
        guard now < end else { return false }
        let remaining = Double(end - now) / 1e9
        _ = condition.wait(until: Date(timeIntervalSinceNow: min(remaining, 86_400 * 365)))
        return true
    }

    /// Repeats `attempt` (a wait bounded by the time it is given) while progress moves the
    /// deadline on, for at most ``waitLimitInBounds`` stall bounds: true as soon as an attempt
    /// succeeds, false once the deadline or that limit passed.
    package func keepWaiting(_ attempt: (Duration) -> Bool) -> Bool {
        let limit = Deadline(nanoseconds: MonotonicClock.now() &+ stallBound * Self.waitLimitInBounds)
        while true {
            let end = watch == nil ? self : Deadline(nanoseconds: min(nanoseconds, limit.nanoseconds))
            if attempt(end.remaining) { return true }
            if hasPassed || (watch != nil && limit.hasPassed) { return false }
        }
    }

    /// ``keepWaiting(_:)`` for a bounded `waitUntilAllOperationsAreFinished(timeout:)`: nil once
    /// the queue finished, else the stall report of its last attempt.
    package func keepWaitingForAll(_ wait: (Duration) -> WaitOutcome) -> StallReport? {
        var stall: StallReport?
        let finished = keepWaiting { timeout in
            guard case .timedOut(let report) = wait(timeout) else { return true }
            stall = report
            return false
        }
        return finished ? nil : stall
    }

    /// Spins until `condition` holds or the deadline passes; true when it held.
    ///
    /// The checks spin where a sleep would close the window they aim at (a runway, a held
    /// delivery) or add a wake-up's latency to every step. Every `spinsPerCheck` tries it reads the
    /// clock and yields: on a machine with fewer free cores than threads the thread it waits for
    /// may need this very core.
    @discardableResult
    package func spin(checkingEvery spinsPerCheck: Int = 1, until condition: () -> Bool) -> Bool {
        var spins = 0
        while !condition() {
            spins += 1
            if spins.isMultiple(of: spinsPerCheck) {
                if hasPassed { return false }
                sched_yield()
            }
        }
        return true
    }
}
