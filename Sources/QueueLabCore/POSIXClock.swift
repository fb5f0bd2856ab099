#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One reading of a POSIX clock, in nanoseconds: the monotonic clock (``MonotonicClock``), and the
/// CPU clocks of a process (the benchmarks' CPU figure) and of a thread (the recorder's CPU time of
/// a body) read the same way. `package`, and usable from the inlinable `MonotonicClock.now()`:
/// the other clocks it reads are the benchmarks' and the recorder's, not part of the protocol.
@usableFromInline package enum POSIXClock {
    @inlinable
    package static func nanoseconds(_ clock: clockid_t) -> UInt64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
