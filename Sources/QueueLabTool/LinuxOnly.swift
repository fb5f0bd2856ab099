import Foundation

/// QueueLabTool's calls that only Linux has: the system's load average from `/proc` (a `conform`
/// child's parent-death signal goes through QueueLabBenchmarks' `LiveChildren`). The rest of the
/// module calls none, so a port to another platform changes this file alone; no other platform
/// has been built or tested.
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
}
