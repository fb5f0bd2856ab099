#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's `getrusage` counters at one instant. CPU time moves in 10 ms steps: only
/// meaningful for samples much longer than that.
package struct ResourceUsage: Sendable, Equatable {
    package var userSeconds: Double
    package var systemSeconds: Double
    package var voluntarySwitches: Int
    package var involuntarySwitches: Int
    /// Peak resident set size so far, in kilobytes (Linux reports `ru_maxrss` in KiB).
    package var maxResidentKilobytes: Int

    package init(
        userSeconds: Double, systemSeconds: Double, voluntarySwitches: Int, involuntarySwitches: Int,
        maxResidentKilobytes: Int
    ) {
        self.userSeconds = userSeconds
        self.systemSeconds = systemSeconds
        self.voluntarySwitches = voluntarySwitches
        self.involuntarySwitches = involuntarySwitches
        self.maxResidentKilobytes = maxResidentKilobytes
    }

    package static func now() -> ResourceUsage {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return ResourceUsage(
            userSeconds: seconds(usage.ru_utime), systemSeconds: seconds(usage.ru_stime),
            voluntarySwitches: Int(usage.ru_nvcsw), involuntarySwitches: Int(usage.ru_nivcsw),
            maxResidentKilobytes: Int(usage.ru_maxrss))
    }

    /// Counters spent between `earlier` and `self`; the peak RSS stays absolute (it cannot be split).
    package func since(_ earlier: ResourceUsage) -> ResourceUsage {
        ResourceUsage(
            userSeconds: userSeconds - earlier.userSeconds, systemSeconds: systemSeconds - earlier.systemSeconds,
            voluntarySwitches: voluntarySwitches - earlier.voluntarySwitches,
            involuntarySwitches: involuntarySwitches - earlier.involuntarySwitches,
            maxResidentKilobytes: maxResidentKilobytes)
    }
}
