import CParentDeath
import Foundation

/// QueueLabTool's calls that only Linux has: the system's load average from `/proc`, and the
/// parent-death signal of a `conform` child. The rest of the module calls none, so a port to
/// another platform changes this file alone; no other platform has been built or tested.
enum LinuxOnly {
    /// The load averages over 1, 5 and 15 minutes as `/proc/loadavg` gives them (`0.52 0.58 0.59`);
    /// nil where it cannot be read.
    /// Elsewhere: nil; a calibration's comment says `unknown`.
    static func loadAverages() -> String? {
        #if os(Linux)
            (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?
                .split(separator: " ").prefix(3).joined(separator: " ")
        #else
            nil
        #endif
    }

    /// Asks the kernel to send `signal` to this process when the thread that started it ends
    /// (`prctl(PR_SET_PDEATHSIG)`).
    /// Elsewhere: nothing; a `conform` child ends at its first write to the closed pipe instead.
    static func setParentDeathSignal(_ signal: Int32) {
        #if os(Linux)
            // The shim bench's children use too: prctl(2) is variadic, which Swift does not import.
            _ = queuelab_set_parent_death_signal(signal)
        #endif
    }
}
