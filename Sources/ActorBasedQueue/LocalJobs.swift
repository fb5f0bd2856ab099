import DequeModule
import Foundation

/// A pool thread's own run queue (Go's per-P run queue, without stealing): the jobs a thread of
/// the ``WorkerExecutor`` enqueues while it runs the queue's bookkeeping wait here, and the same
/// thread runs them once its current job returns, instead of the shared deque handing them to
/// another thread.
///
/// Why: an operation's hops (a worker leaving the scheduler actor, the actor starting a worker,
/// the drain task's return) are enqueued by the thread that is about to become free. Handed to
/// another thread, each hop cost the shared lock and a nudge or a futex wake, and the next body
/// moved to whichever core that thread was on, often the one an outside thread (a load generator,
/// the caller) was running on, which then lost its core for a scheduler slice. Kept here, a hop
/// costs neither and an operation stays on its core.
///
/// Why nothing waits here for long: a thread keeps jobs only while it runs the queue's own
/// bookkeeping, which never blocks; it hands them all to the shared deque before it runs code the
/// queue does not own (a body, a completion handler, an observer: `WorkerExecutor.runBody`); and
/// it runs a job waiting in the shared deque before its own (`WorkerExecutor.runLocalJobs`).
final class LocalJobs {
    // Not Sendable, and needs no lock: a thread reaches only its own `LocalJobs`, through its
    // pthread-specific value, and no other thread holds a reference to it. For the same reason
    // no two accesses can overlap, so the runtime's exclusivity checks are off: they cost a
    // thread-local access set per access (Callgrind of `noop:n=20000`: 166 million instructions
    // with them, 150 million without; before the local queue: 146 million).
    @exclusivity(unchecked) private var jobs = Deque<UnownedJob>(minimumCapacity: capacity)
    /// False while the thread runs code the queue does not own.
    @exclusivity(unchecked) private(set) var accepting = true

    /// More than an operation's hops in flight at once: a thread that enqueues more (the scheduler
    /// starting several workers) means work to share, so the rest goes to the shared deque.
    private static let capacity = 4

    /// The calling thread's jobs, if it is a pool thread.
    static var current: LocalJobs? {
        guard let raw = pthread_getspecific(key) else { return nil }
        return Unmanaged<LocalJobs>.fromOpaque(raw).takeUnretainedValue()
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no pthread key for the executor's threads")
        return key
    }()

    /// Runs `body` with new, empty local jobs installed as the calling thread's.
    static func installed<R>(_ body: (LocalJobs) -> R) -> R {
        let local = LocalJobs()
        pthread_setspecific(key, Unmanaged.passUnretained(local).toOpaque())
        defer { pthread_setspecific(key, nil) }
        return withExtendedLifetime(local) { body(local) }
    }

    /// Keeps `job` for this thread; false when closed or full (the caller shares it).
    func offer(_ job: UnownedJob) -> Bool {
        guard accepting, jobs.count < Self.capacity else { return false }
        jobs.append(job)
        return true
    }

    var hasJobs: Bool { !jobs.isEmpty }

    /// The newest job first (Go's `runnext`): it is the continuation of the task that just ran
    /// (a drain or a worker leaving the scheduler actor), which has transitions to deliver; the
    /// older ones are workers the actor started, which lose nothing by waiting one hop.
    func next() -> UnownedJob? { jobs.popLast() }

    /// Stops keeping jobs while the thread runs code the queue does not own; hands what it kept to
    /// `share`. Returns whether it was open (only the outermost closer reopens).
    func close(sharingWith share: (UnownedJob) -> Void) -> Bool {
        guard accepting else { return false }
        accepting = false
        while let job = jobs.popFirst() { share(job) }
        return true
    }

    func reopen() { accepting = true }
}
