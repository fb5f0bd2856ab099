import DequeModule
import Foundation
import QueueLabCore
import QueueLabInstructionCounting
@_spi(QueueInternals) import QueueLabScheduling
import Synchronization

/// The task executor the actor queue's tasks prefer: an elastic pool of threads of its own.
///
/// Operation bodies are synchronous and may block (that is what NSOperation bodies do: wait on a
/// semaphore, read a file). On Swift's cooperative pool, which has one thread per core, two blocked
/// bodies, or one test waiting synchronously for the queue, would starve the scheduler actor and
/// hang the queue. With this executor preference the worker tasks, and the scheduler actor they
/// call (a default actor runs on its caller's task executor), use these threads instead.
///
/// Threads inside an operation body may block for any time, so they do not count as capacity: a
/// job that finds no idle thread starts one while fewer than one thread per core is outside a
/// body. Idle threads end after a while.
final class WorkerExecutor: TaskExecutor, @unchecked Sendable {
    // @unchecked: every mutable stored property is read and written only with `lock` held, except
    // `threadsInBodies`, an atomic. @exclusivity(unchecked) on them for the reason given on
    // `ScheduledOperation`'s fields.
    static let shared = WorkerExecutor()

    private static let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    @exclusivity(unchecked) private var threads = 0
    private let threadsInBodies = Atomic<Int>(0)

    /// Jobs enqueued and not taken yet: mirrors `jobs.count` (written under `lock`), so that a
    /// thread entering a body can see without the lock whether anything is waiting.
    private let waitingJobs = Atomic<Int>(0)

    /// Runs an operation body (or a completion handler), not counting this thread as capacity
    /// meanwhile. A job enqueued while every thread was about to enter a body found no thread to
    /// start (they still counted as capacity): the thread entering a body starts one for it. The
    /// jobs this thread kept for itself (``LocalJobs``) go to the shared deque first: a body may
    /// block, and they must not wait for it.
    func runBody(_ body: () -> Void) {
        let local = LocalJobs.current
        let closed = local?.close(sharingWith: enqueueShared) ?? false
        defer { if closed { local?.reopen() } }
        threadsInBodies.add(1, ordering: .sequentiallyConsistent)
        defer { threadsInBodies.subtract(1, ordering: .relaxed) }
        if waitingJobs.load(ordering: .sequentiallyConsistent) > 0 { startThreadIfNeeded() }
        body()
    }

    private func startThreadIfNeeded() {
        lock.lock()
        let spawn = !jobs.isEmpty && spinningThreads == 0 && idleThreads <= wakeTokens && hasCapacityForAThread
        if spawn { threads += 1 }
        lock.unlock()
        if spawn { startThread() }
    }

    /// Lock held.
    private var hasCapacityForAThread: Bool {
        threads - threadsInBodies.load(ordering: .sequentiallyConsistent) < Self.cores
    }

    private func startThread() {
        let thread = Thread { [self] in run() }
        thread.name = "queuelab.actor.worker"
        thread.start()
    }

    private static let idleTimeout: UInt64 = 500_000_000

    private let lock = PThreadMutex()
    private let jobAvailable = PThreadCondition()
    @exclusivity(unchecked) private var jobs = Deque<UnownedJob>()
    @exclusivity(unchecked) private var idleThreads = 0
    /// Signals sent to idle threads and not consumed yet.
    @exclusivity(unchecked) private var wakeTokens = 0
    /// Threads looking for a job without parking, not yet nudged; and nudges not yet consumed. A
    /// job enqueued while one spins wakes and starts nobody: the spinner sees `waitingJobs` move
    /// (the lock queue's workers follow the same rule, after Go's scheduler).
    @exclusivity(unchecked) private var spinningThreads = 0
    @exclusivity(unchecked) private var nudgeTokens = 0

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        if let local = LocalJobs.current, local.offer(job) { return }
        enqueueShared(job)
    }

    private func enqueueShared(_ job: UnownedJob) {
        lock.lock()
        jobs.append(job)
        waitingJobs.store(jobs.count, ordering: .sequentiallyConsistent)
        if spinningThreads > 0 {
            spinningThreads -= 1
            nudgeTokens += 1
            lock.unlock()
            return
        }
        let wakeIdle = idleThreads > wakeTokens
        if wakeIdle { wakeTokens += 1 }
        let spawn = !wakeIdle && hasCapacityForAThread
        if spawn { threads += 1 }
        lock.unlock()
        if wakeIdle {
            jobAvailable.signal()
        } else if spawn {
            startThread()
        }
    }

    /// How long an idle thread yields its core and watches for jobs before it parks: the bound
    /// of an idle executor's spin, per thread and idle spell (a time, not a count of yields: see
    /// the lock queue's `spinNanoseconds`).
    private static let spinNanoseconds: UInt64 = 50_000

    /// Lock released: yields the core for up to `spinNanoseconds`, watching `waitingJobs` without
    /// the lock (polling under it made enqueuers wait for the mutex), because a job enqueued for a
    /// parked thread costs the enqueuer a futex wake (the same lever as the lock queue's workers).
    /// True when a job arrived.
    private func spinUntilJobs() -> Bool {
        let deadline = MonotonicClock.now() &+ Self.spinNanoseconds
        repeat {
            if waitingJobs.load(ordering: .acquiring) > 0 { return true }
            sched_yield()
        } while MonotonicClock.now() < deadline
        return waitingJobs.load(ordering: .acquiring) > 0
    }

    /// Lock released: runs the jobs this thread's own work left it while no job waits in the
    /// shared deque. When one does, the thread takes it first and keeps its own for later, so a
    /// thread busy with its own chain of hops cannot starve the shared deque.
    private func runLocalJobs(_ local: LocalJobs) {
        while waitingJobs.load(ordering: .relaxed) == 0, let job = local.next() {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    private func run() {
        LocalJobs.installed { local in run(keeping: local) }
    }

    private func run(keeping local: LocalJobs) {
        lock.lock()
        var maySpin = true
        while true {
            if let job = jobs.popFirst() {
                waitingJobs.store(jobs.count, ordering: .relaxed)
                lock.unlock()
                job.runSynchronously(on: asUnownedTaskExecutor())
                runLocalJobs(local)
                lock.lock()
                continue
            }
            if local.hasJobs {
                lock.unlock()
                runLocalJobs(local)
                lock.lock()
                continue
            }
            if maySpin {
                // Registered under the lock, so enqueuers nudge from now on; every spell ends
                // back at `popFirst()` under the lock, so no job a nudge stood for is left. One
                // uncounted region for the whole spell: see the lock queue's workers.
                spinningThreads += 1
                lock.unlock()
                let found = InstructionCounting.whileIdle { spinUntilJobs() }
                lock.lock()
                if nudgeTokens > 0 { nudgeTokens -= 1 } else { spinningThreads -= 1 }
                maySpin = found
                continue
            }
            idleThreads += 1
            let signalled = InstructionCounting.whileIdle {
                jobAvailable.wait(lock, until: MonotonicClock.now() &+ Self.idleTimeout)
            }
            idleThreads -= 1
            if wakeTokens > 0 { wakeTokens -= 1 }
            maySpin = true
            if !signalled, jobs.isEmpty {
                threads -= 1
                lock.unlock()
                return
            }
        }
    }
}
