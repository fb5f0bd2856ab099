import CCallgrind

/// This module's calls that only Linux has: Valgrind's Callgrind client requests, behind
/// ``InstructionCounting``. The rest of the module calls none, so a port to another platform
/// changes this file alone; no other platform has been built or tested.
enum LinuxOnly {
    /// Whether this process runs under Valgrind (any tool).
    /// Elsewhere: false; idle waits run as they do outside Valgrind, nothing left uncounted.
    static var isRunningOnValgrind: Bool {
        #if os(Linux)
            queuelab_running_on_valgrind() != 0
        #else
            false
        #endif
    }

    /// Starts Callgrind's instrumentation of every thread (run with `--instr-atstart=no`).
    /// Elsewhere: nothing; there is no instruction count to open.
    @inline(__always)
    static func startInstrumentation() {
        #if os(Linux)
            queuelab_callgrind_start()
        #endif
    }

    /// Stops it: nothing after this point is counted.
    /// Elsewhere: nothing; there is no instruction count to close.
    @inline(__always)
    static func stopInstrumentation() {
        #if os(Linux)
            queuelab_callgrind_stop()
        #endif
    }

    /// Flips the calling thread's collection state (Callgrind keeps one per thread).
    /// Elsewhere: nothing; it is only called under Valgrind, which ``isRunningOnValgrind`` denies.
    @inline(__always)
    static func toggleCollection() {
        #if os(Linux)
            queuelab_callgrind_toggle_collect()
        #endif
    }
}
