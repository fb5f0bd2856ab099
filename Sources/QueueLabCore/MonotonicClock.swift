#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Nanoseconds of `CLOCK_MONOTONIC`: cheap (read through the vDSO, no system call; its cost on one
/// machine: `results/explain/README.md`, "`open`'s replayed p99"), comparable across threads.
public enum MonotonicClock {
    /// The current time, in nanoseconds since an unspecified fixed point: only differences between
    /// two readings mean something.
    @inlinable
    public static func now() -> UInt64 { POSIXClock.nanoseconds(CLOCK_MONOTONIC) }

    /// Busy work of a known length: spins on this clock for `nanoseconds` (no sleep: the thread
    /// stays on the CPU), for bodies that must cost a given amount of CPU time.
    @inlinable
    public static func spin(nanoseconds: UInt64) {
        guard nanoseconds > 0 else { return }
        let end = now() &+ nanoseconds
        while now() < end {}
    }
}

/// The identity of the calling thread (its `pthread_t`): what a trace uses as a lane.
public enum ThreadIdentity {
    /// The calling thread's `pthread_t` as a number: equal for two calls on the same thread, and
    /// distinct among threads alive at the same time (an ended thread's value may be reused).
    @inlinable
    public static func current() -> UInt64 {
        #if canImport(Glibc)
            return UInt64(pthread_self())
        #else
            return UInt64(UInt(bitPattern: pthread_self()))
        #endif
    }
}
