import QueueLabCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The CPU time of the calling thread, and a note, kept by each thread, of the body that started on
/// it: what a ``QueueRecorder`` with ``QueueRecorder/BodyClock/threadCPU`` records a body's CPU time
/// with, so that a replay spins the work and not the time the body's thread waited for a core.
///
/// A reading is a system call, where the monotonic clock is read through the vDSO at a small
/// fraction of that, and a body takes two: why it is a choice and not the default.
enum ThreadCPUClock {
    /// Nanoseconds of CPU the calling thread has used.
    static func now() -> UInt64 { POSIXClock.nanoseconds(CLOCK_THREAD_CPUTIME_ID) }

    /// Notes that the body of `operation` starts on the calling thread now.
    static func noteStart(of operation: UInt64) {
        let note = startNote()
        note[0] = operation
        note[1] = now()
    }

    /// The CPU time the calling thread used since the noted start of `operation`'s body, and the
    /// note cleared; nil when the thread's last noted start is another operation's (the body
    /// started on another thread, or its start was delivered on another thread).
    static func sinceStart(of operation: UInt64) -> UInt64? {
        let note = startNote()
        guard note[0] == operation, note[1] != 0 else { return nil }
        let elapsed = now() &- note[1]
        note[1] = 0
        return elapsed
    }

    /// The calling thread's note: an operation's identity and the CPU time its body started at (0:
    /// none), made on the thread's first use and freed when the thread ends.
    private static func startNote() -> UnsafeMutablePointer<UInt64> {
        if let note = pthread_getspecific(startNoteKey) { return note.assumingMemoryBound(to: UInt64.self) }
        // malloc, not allocate: the key's destructor frees it with free.
        let note = malloc(2 * MemoryLayout<UInt64>.stride)!.bindMemory(to: UInt64.self, capacity: 2)
        note.initialize(repeating: 0, count: 2)
        pthread_setspecific(startNoteKey, note)
        return note
    }
}

/// One key for every thread's note, made once.
private let startNoteKey: pthread_key_t = {
    var key = pthread_key_t()
    precondition(pthread_key_create(&key) { free($0) } == 0, "pthread_key_create failed")
    return key
}()
