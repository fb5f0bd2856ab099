#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One reading of a POSIX clock, in nanoseconds: the monotonic clock (``MonotonicClock``), and the
/// CPU clocks of a process (the benchmarks' CPU figure) and of a thread (the recorder's CPU time of
/// a body) read the same way.
public enum POSIXClock {
    @inlinable
    public static func nanoseconds(_ clock: clockid_t) -> UInt64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
