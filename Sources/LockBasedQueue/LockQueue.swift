import QueueLabCore
@_spi(QueueInternals) import QueueLabScheduling
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A queue whose scheduling state is a `QueueStateMachine` behind one pthread mutex; bodies run
/// on threads the queue starts itself (up to its width, parked on a condition when idle).
///
/// Threads of its own rather than Dispatch: a worker that retired an operation takes the next
/// ready one itself, with no hop through a global queue and no allocation per operation; a parked
/// worker is woken with one `pthread_cond_signal`, issued after the lock is released.
///
/// Lifetime: as with Foundation, a queue with unfinished operations stays alive until they
/// finished, even when nobody else holds it; an idle queue is held by nothing of its own (its
/// operations refer to it weakly) but its parked workers, which end within `idleTimeout`.
public final class LockQueue: PolicyScheduledQueue, OperationHost, @unchecked Sendable {
    // @unchecked: every mutable stored property is read and written only with `lock` held.
    // @exclusivity(unchecked) on them for the reason given on `ScheduledOperation`'s fields: the
    // lock already makes each access exclusive, and no access spans a call back into the queue.
    /// The operations this queue runs: made with their body, then added here.
    public typealias Operation = LockOperation

    public static let implementationName = "lock"
    public static let implementationSummary =
        "QueueLab's lock-based queue: a state machine behind a pthread mutex, bodies on threads of its own"
    public static let capabilities = QueueCapabilities.all

    /// How long a parked worker waits for work before its thread ends.
    static let idleTimeout: UInt64 = 200_000_000
    /// How long an idle worker yields its core and looks for a nudge before it parks: the bound of
    /// an idle queue's spin, per worker and idle spell. A time, not a count of yields: a yield with
    /// nobody else to run returns in a fraction of a microsecond, and 32 of them (the bound while
    /// the polls took the lock) ended the spin before `ping`'s next operation arrived, so it paid
    /// a futex wake, which lengthened `ping`'s enqueue-to-start wait, the p99 most (the figures:
    /// `results/README.md`, "Figures the documentation used to show").
    static let spinNanoseconds: UInt64 = 50_000

    public let name: String?
    let lock = PThreadMutex()
    let workAvailable = PThreadCondition()
    let allFinished = PThreadCondition()

    @exclusivity(unchecked) var machine: QueueStateMachine
    @exclusivity(unchecked) var members = MembershipList()
    /// The queue itself while it has members: what keeps a queue with pending work alive.
    @exclusivity(unchecked) var selfWhileBusy: LockQueue?
    /// What operations hold to reach the queue (weakly).
    let link = HostLink()
    @exclusivity(unchecked) var allFinishedWaiters = 0
    /// Where transitions of operations added from now on go (nil: no observer).
    @exclusivity(unchecked) var delivery: TransitionDelivery?
    /// Deliveries recorded into under the lock by sections that cannot deliver themselves (the
    /// graph's host callbacks): delivered by ``flushTransitions()``.
    @exclusivity(unchecked) var undelivered = PendingDeliveries()
    /// The newest barrier; operations added while it is unfinished wait for it.
    @exclusivity(unchecked) var barrier: LockOperation?
    /// How many barriers were installed; changed only under `lock`, read without it only to skip
    /// the barrier lookup before the first one.
    let barrierGeneration = Atomic<UInt64>(0)
    /// How many times work was handed to spinning workers (``Wakeup/nudge``); they watch it
    /// without the lock.
    let nudges = Atomic<UInt64>(0)

    /// What decides which ready operation starts next, and what it promises.
    public let policy: PolicyDeclaration
    /// Whether the policy reads chain heights: only then is a height's rise worth relisting for.
    let ranksByHeight: Bool

    /// A queue with Foundation's order (`StrictPolicy`).
    public convenience init(name: String? = nil) {
        self.init(name: name, policy: StrictPolicy())
    }

    /// A queue whose ready operations start in the order `policy` decides (`.fifo`,
    /// `.aging(step:)`, `.weighted`, `.lifo`, a policy of your own, or one parsed by
    /// `SchedulingPolicies.parse(_:)`). The queue works on its own copy of the value.
    public init(name: String? = nil, policy: some SchedulingPolicy) {
        self.name = name
        self.policy = policy.declaration
        self.ranksByHeight = policy.ranksByHeight
        self.machine = QueueStateMachine(
            defaultWidth: max(2, sysconf(Int32(_SC_NPROCESSORS_ONLN))), policy: policy)
        link.connect(self)
    }

    public var maxConcurrentOperationCount: Int {
        get { lock.withLock { machine.maxConcurrentOperationCount } }
        set { perform(lock.withLock { machine.setMaxConcurrentOperationCount(newValue) }) }
    }

    public var isSuspended: Bool {
        get { lock.withLock { machine.isSuspended } }
        set { perform(lock.withLock { machine.setSuspended(newValue) }) }
    }

    public var operations: [LockOperation] {
        lock.withLock { members.snapshot() }.map { unsafeDowncast($0, to: LockOperation.self) }
    }

    public var operationCount: Int { lock.withLock { members.count } }

    public func setStateObserver(_ observer: (any StateObserver)?) {
        let delivery = observer.map(TransitionDelivery.init(observer:))
        lock.withLock { self.delivery = delivery }
    }

    public func cancelAllOperations() {
        for operation in lock.withLock({ members.snapshot() }) { operation.requestCancel() }
    }
}
