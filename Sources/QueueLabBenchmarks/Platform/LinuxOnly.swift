import CCurrentCPU
import CParentDeath
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// QueueLabBenchmarks' calls that only Linux has: the calling thread's core, what `/proc` says of
/// this process, and the parent-death signal. The rest of the module calls none, so a port to
/// another platform changes this file alone; no other platform has been built or tested.
enum LinuxOnly {
    /// The CPU the calling thread runs on (`sched_getcpu`; a hint, it may move at once), -1 where it
    /// cannot be read. Inlined: every `makespan` body reads it inside the timed phase.
    /// Elsewhere: -1, the unknown core, which ``BodyOverlap`` counts as overlapping any other.
    @inline(__always)
    static func currentCPU() -> Int32 {
        #if os(Linux)
            queuelab_current_cpu()
        #else
            -1
        #endif
    }

    /// Asks the kernel to send `signal` to this process when the thread that started it ends
    /// (`prctl(PR_SET_PDEATHSIG)`); true when the kernel took the request.
    /// Elsewhere: false; a child then ends with its parent only when the parent passes a signal on.
    static func setParentDeathSignal(_ signal: Int32) -> Bool {
        #if os(Linux)
            queuelab_set_parent_death_signal(signal) == 0
        #else
            false
        #endif
    }

    /// This process's threads now, one entry of `/proc/self/task` each; nil where it cannot be
    /// opened. Read with `opendir`/`readdir` rather than Foundation's directory listing: no array of
    /// names is built, so a count taken inside a timed phase allocates next to nothing.
    /// Elsewhere: nil; `idle` leaves out its thread figures.
    static func threadCount() -> Int? {
        #if os(Linux)
            guard let directory = opendir("/proc/self/task") else { return nil }
            defer { closedir(directory) }
            var threads = 0
            while let entry = readdir(directory) {
                // `.` and `..` are the only entries whose names start with a dot.
                if entry.pointee.d_name.0 != CChar(UInt8(ascii: ".")) { threads += 1 }
            }
            return threads
        #else
            return nil
        #endif
    }

    /// The CPUs this process may run on, in the kernel's list format (`0-2,5`): `Cpus_allowed_list`
    /// of `/proc/self/status` (Glibc's `sched_getaffinity` is not visible to Swift, and Foundation's
    /// `activeProcessorCount` ignores the affinity mask); nil where that does not say.
    /// Elsewhere: nil; a row's `cpus_allowed` is left empty.
    static func allowedCPUList() -> String? {
        #if os(Linux)
            let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)
            let line = status?.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") }
            return line?.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces)
        #else
            return nil
        #endif
    }

    /// The running executable's path, `/proc/self/exe` resolved; nil where it cannot be.
    /// Elsewhere: nil; the caller falls back to the path the process was started with.
    static func executablePath() -> String? {
        #if os(Linux)
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        #else
            nil
        #endif
    }
}
