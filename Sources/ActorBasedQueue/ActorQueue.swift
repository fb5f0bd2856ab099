import QueueLabCore
@_spi(QueueInternals) import QueueLabScheduling

#if canImport(Glibc)
    import Glibc
#endif

/// A queue whose scheduling state lives in an actor (`QueueScheduler`) and whose bodies run in
/// long-lived worker tasks that pull from it.
///
/// Calls from plain threads never wait for the actor: adding appends to an ordered inbox under a
/// short lock (submission order is the inbox's order) and at most one drain task is in flight;
/// membership and settings are answered from the inbox side at once.
public final class ActorQueue: PolicyScheduledQueue, OperationHost, @unchecked Sendable {
    // @unchecked: the stored properties are immutable: references to Sendable objects (`inbox`
    // guards its own state with its lock; `scheduler` is an actor) and Sendable values.
    /// The operations this queue runs: made with their body, then added here.
    public typealias Operation = ActorOperation

    public static let implementationName = "actor"
    public static let implementationSummary =
        "QueueLab's actor-based queue: a state machine isolated in an actor, bodies in long-lived worker tasks"
    public static let capabilities = QueueCapabilities.all

    public let name: String?
    let inbox = Inbox()
    let scheduler: QueueScheduler
    /// What operations hold to reach the queue (weakly).
    let link = HostLink()

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
    /// `SchedulingPolicies.parse(_:)`). The scheduler actor works on its own copy of the value.
    public init(name: String? = nil, policy: some SchedulingPolicy) {
        self.name = name
        self.policy = policy.declaration
        self.ranksByHeight = policy.ranksByHeight
        self.scheduler = QueueScheduler(
            inbox: inbox, defaultWidth: max(2, sysconf(Int32(_SC_NPROCESSORS_ONLN))), policy: policy)
        link.connect(self)
    }

    public var maxConcurrentOperationCount: Int {
        get { inbox.lock.withLock { inbox.maxConcurrentOperationCount } }
        set {
            let kick = inbox.lock.withLock {
                inbox.maxConcurrentOperationCount = newValue < 1 ? defaultMaxConcurrentOperationCount : newValue
                return inbox.post(.setWidth(newValue))
            }
            if kick { drain() }
        }
    }

    public var isSuspended: Bool {
        get { inbox.lock.withLock { inbox.isSuspended } }
        set {
            let kick = inbox.lock.withLock {
                inbox.isSuspended = newValue
                return inbox.post(.setSuspended(newValue))
            }
            if kick { drain() }
        }
    }

    public var operations: [ActorOperation] {
        inbox.lock.withLock { inbox.members.snapshot() }.map { unsafeDowncast($0, to: ActorOperation.self) }
    }

    public var operationCount: Int { inbox.lock.withLock { inbox.members.count } }

    public func setStateObserver(_ observer: (any StateObserver)?) {
        let delivery = observer.map(TransitionDelivery.init(observer:))
        inbox.lock.withLock { inbox.delivery = delivery }
    }

    public func cancelAllOperations() {
        for operation in inbox.lock.withLock({ inbox.members.snapshot() }) { operation.requestCancel() }
    }

    /// Starts the one drain task that carries the inbox to the scheduler. It holds no operation, so
    /// the order the inbox recorded is the order the scheduler applies.
    func drain() {
        Task.detached(executorPreference: WorkerExecutor.shared) { [scheduler] in
            QueueScheduler.deliver(await scheduler.drain())
        }
    }
}
