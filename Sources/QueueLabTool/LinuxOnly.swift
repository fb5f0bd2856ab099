import Foundation

#if canImport(Glibc)
    import Glibc
#endif

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
            // prctl(2) is not in Glibc's Swift module; the same symbol, looked up. Its options are
            // read as unsigned longs, which is how they are passed here.
            typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
            let setParentDeathSignal: Int32 = 1  // PR_SET_PDEATHSIG, <linux/prctl.h>
            if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") {
                _ = unsafeBitCast(symbol, to: Prctl.self)(setParentDeathSignal, UInt(signal), 0, 0, 0)
            }
        #endif
    }
}
