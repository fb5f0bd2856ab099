import QueueLabCore

/// An operation of ``FifoPoolQueue``.
///
/// Every stored `var` is read and written only under ``PoolLock`` (the `locked` accessors and the
/// queue's bookkeeping, all inside `PoolLock.withLock`); the `let`s never change. That is what
/// makes the `@unchecked Sendable` sound.
public final class FifoPoolOperation: QueueOperation, @unchecked Sendable {
    public let id = OperationID.next()
    public let name: String?
    public let isAsynchronous: Bool

    // Guarded by PoolLock.
    var body: OperationBody<FifoPoolOperation>?
    var lockedState = OperationState.pending
    var lockedCancelled = false
    var lockedPriority: QueuePriority
    var lockedCompletion: (@Sendable () -> Void)?
    /// In the order added; `dependencyIDs` answers "already a dependency?" in O(1).
    var lockedDependencies: [FifoPoolOperation] = []
    var dependencyIDs: Set<ObjectIdentifier> = []
    /// Dependencies not finished yet; the operation becomes ready when it reaches 0.
    var unfinishedDependencies = 0
    /// Operations that count this one among their unfinished dependencies.
    var dependents: [FifoPoolOperation] = []
    /// The queue it was added to, until it finished: an unfinished operation keeps its queue alive,
    /// a finished one does not.
    var queue: FifoPoolQueue?
    /// Its neighbours in the queue's list of members, in the order added.
    var previousMember: FifoPoolOperation?
    var nextMember: FifoPoolOperation?
    /// Bumped each time it enters the ready FIFO (see ``ReadyFIFO``).
    var readyTicket: UInt64 = 0
    /// The queue's observer when it was added.
    var observer: (any StateObserver)?
    /// Threads in `waitUntilFinished`: finishing wakes sleepers only when some wait for it.
    var waiters = 0

    public init(name: String?, priority: QueuePriority, body: OperationBody<FifoPoolOperation>) {
        self.name = name
        self.isAsynchronous = body.isAsynchronous
        self.lockedPriority = priority
        self.body = body
    }

    public var state: OperationState { PoolLock.withLock { lockedState } }
    public var isCancelled: Bool { PoolLock.withLock { lockedCancelled } }

    /// Kept and reported, but fifo-pool orders by readiness alone: it does not declare `.priorities`.
    public var queuePriority: QueuePriority {
        get { PoolLock.withLock { lockedPriority } }
        set { PoolLock.withLock { lockedPriority = newValue } }
    }

    public var completionHandler: (@Sendable () -> Void)? {
        get { PoolLock.withLock { lockedCompletion } }
        set { PoolLock.withLock { lockedCompletion = newValue } }
    }

    public var dependencies: [FifoPoolOperation] { PoolLock.withLock { lockedDependencies } }

    /// Cancelling a waiting operation makes it ready at once (its dependencies are ignored from
    /// then on); a running one only sees the flag; a finished one is left alone.
    public func cancel() {
        let aftermath = PoolLock.withLock {
            var aftermath = Aftermath()
            guard !lockedCancelled, lockedState != .finished else { return aftermath }
            lockedCancelled = true
            aftermath.report(.cancelled, of: self)
            if lockedState == .pending, let queue { queue.makeReadyLocked(self, &aftermath) }
            return aftermath
        }
        aftermath.perform()
    }

    public func finish() throws(QueueError) {
        let aftermath = try PoolLock.withLock { () throws(QueueError) -> Aftermath in
            guard isAsynchronous else { throw .notAsynchronous(label) }
            guard lockedState == .executing, let queue else { throw .notExecuting(label) }
            var aftermath = Aftermath()
            queue.finishLocked(self, wasExecuting: true, &aftermath)
            return aftermath
        }
        aftermath.perform()
    }
}
