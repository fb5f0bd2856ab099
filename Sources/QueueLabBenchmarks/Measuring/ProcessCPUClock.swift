import QueueLabCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Nanoseconds of CPU that every thread of this process has run (`CLOCK_PROCESS_CPUTIME_ID`, the
/// scheduler's own account, to the nanosecond; `getrusage` moves in whole ticks of the kernel).
/// Time spent waiting (on a lock, a clock or the kernel) and time other processes took from this
/// one's threads are not in it: a figure that the machine's load moves less than wall time.
package enum ProcessCPUClock {
    package static func now() -> UInt64 { POSIXClock.nanoseconds(CLOCK_PROCESS_CPUTIME_ID) }
}
