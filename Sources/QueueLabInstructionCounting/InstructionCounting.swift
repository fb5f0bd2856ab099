#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `bench --instructions` counts under Callgrind: every thread's instructions during the timed
/// phase, except a queue's idle waiting.
///
/// The benchmark opens the window when its timed phase starts and closes it when it ends, so
/// warm-up, setup, start-up and exit cost nothing in the count. A queue wraps its idle waits (a
/// worker yielding its core before it parks, the park itself) in ``whileIdle(_:)``: Valgrind runs
/// one thread at a time, so how often an idle worker yields or parks before work arrives depends on
/// Valgrind's thread switches, not on the queue's code. Left out, the count of the `lock` queue's
/// `ping` (a worker idle between any two operations) varies seven times less between processes of
/// one binary (SD of log 0.0175 to 0.0024; `results/README.md`, "Idle waiting left out of the
/// count"). What is left is the work operations cost: adding, picking, running, finishing, and
/// waking a parked worker. Wrap a whole idle spell, not each step of it: the region's own entry
/// and exit are counted. Any queue may use it; outside Valgrind it costs a load and a branch.
public enum InstructionCounting {
    /// The timed phase starts: every thread's instructions count from here.
    public static func windowOpens() { switchWindow(LinuxOnly.startInstrumentation) }

    /// The timed phase ends: nothing counts after this point.
    public static func windowCloses() { switchWindow(LinuxOnly.stopInstrumentation) }

    /// Runs `wait`, an idle thread's yield or park, with this thread's instructions uncounted.
    @inline(__always)
    public static func whileIdle<T>(_ wait: () -> T) -> T {
        uncounted(wait)
    }

    /// Runs `work` with this thread's instructions uncounted: for a benchmark harness's own one-time
    /// setup that lands in the timed phase (a thread's first latency record making its histograms),
    /// which is neither the queue's cost nor the same from one sample to the next.
    @inline(__always)
    public static func uncounted<T>(_ work: () -> T) -> T {
        guard underValgrind else { return work() }
        let begun = regionBegins()
        defer { regionEnds(begun) }
        return work()
    }

    // Callgrind keeps a collection state per thread, and the only request that changes it flips it;
    // starting or stopping instrumentation resets every thread's state to "collect". So a thread
    // idle across a start or stop must not flip its state back when it wakes: it would then stop
    // counting its own work (`actor` `chain` lost most of its count: `results/README.md`, "Figures
    // the documentation used to show"). The lock orders the flips against the starts and stops, and
    // `windows` counts those, so an idle thread can tell whether one happened while it waited.
    // Taken only under Valgrind.

    private static let underValgrind = LinuxOnly.isRunningOnValgrind

    /// Guards `windows`; a pthread mutex, allocated once and never freed, that ThreadSanitizer sees.
    /// `nonisolated(unsafe)`: the pointer is written once, by the lazy initialiser (which Swift runs
    /// exactly once), and what it points to is only used through pthread's own thread-safe calls.
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()

    /// Starts and stops of instrumentation so far. `nonisolated(unsafe)`: read and written only
    /// with `lock` held.
    nonisolated(unsafe) private static var windows: UInt64 = 0

    private static func switchWindow(_ request: () -> Void) {
        pthread_mutex_lock(lock)
        windows &+= 1
        request()
        pthread_mutex_unlock(lock)
    }

    private static func regionBegins() -> UInt64 {
        pthread_mutex_lock(lock)
        LinuxOnly.toggleCollection()
        let begun = windows
        pthread_mutex_unlock(lock)
        return begun
    }

    private static func regionEnds(_ begun: UInt64) {
        pthread_mutex_lock(lock)
        if windows == begun { LinuxOnly.toggleCollection() }
        pthread_mutex_unlock(lock)
    }
}
