import QueueLabCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Holds the generator to its schedule: sleeps while an arrival is far off (unless told to spin),
/// spins the last stretch, and never sleeps past an arrival (a sleeping generator overshoots by the
/// timer slack, tens of microseconds on Linux, and would coordinate with the queue it measures).
enum ArrivalPacer {
    /// Sleep only when the arrival is further off than this...
    static let sleepBeyond: UInt64 = 200_000
    /// ...and wake this long before it: a wake-up is late by the timer slack (50 us by default on
    /// Linux, left as it is so that the queue is measured under the slack every program gets)
    /// plus the scheduler's delay on a loaded machine.
    static let spinMargin: UInt64 = 120_000

    /// Returns the clock reading at which `due` had passed: `due` or later, never earlier.
    @inline(__always)
    static func wait(until due: UInt64, pacing: ArrivalPacing = .sleep) -> UInt64 {
        var now = MonotonicClock.now()
        if now >= due { return now }
        if pacing == .sleep, due - now > sleepBeyond {
            let nap = due - now - spinMargin
            var request = timespec(tv_sec: Int(nap / 1_000_000_000), tv_nsec: Int(nap % 1_000_000_000))
            var remaining = timespec()
            _ = nanosleep(&request, &remaining)
            now = MonotonicClock.now()
        }
        while now < due { now = MonotonicClock.now() }
        return now
    }
}
