import Foundation
import QueueLabCore
import Synchronization

/// Foundation's `OperationQueue` (swift-corelibs-foundation on Linux) behind the QueueLab protocol:
/// the reference the other queues are compared with, quirks included.
///
/// Nothing is reimplemented: scheduling, order, priorities, width, suspension, barriers, cycles
/// (their members never run) and completion blocks (run on another thread, maybe after
/// `waitUntilFinished` returned) are Foundation's. The adapter adds only:
/// - errors instead of Foundation's crashes and hangs (adding an operation twice or after it
///   finished, a self-dependency, `finish()` misuse, a negative width);
/// - two changes that keep Foundation's memory-safety bugs from crashing the process: an
///   operation keeps its dependents alive until it finished (Foundation holds them unretained),
///   and ``cancelAllOperations()`` does not cancel barriers;
/// - bounded waits, with a ``StallReport`` of what is unfinished;
/// - a ``StateObserver`` trace (see ``setStateObserver(_:)`` for how precise it is).
public final class FoundationQueue: OperationQueueing, @unchecked Sendable {
    // @unchecked Sendable: `observer` is read and written only with `observerLock` held; the
    // Foundation queue is thread-safe; the rest is immutable or atomic.
    public typealias Operation = FoundationOperation

    public static let implementationName = "foundation"
    public static let implementationSummary =
        "Foundation's OperationQueue (swift-corelibs-foundation), wrapped: the reference, quirks included"
    /// Everything NSOperationQueue offers, plus errors for misuse. Cycles are not rejected.
    public static let capabilities: QueueCapabilities = [.operationQueue, .misuseErrors]

    public let name: String?
    let queue = OperationQueue()
    /// The dispatch queue Foundation runs the operations on: the same kind Foundation would make
    /// itself (concurrent, named after the queue), set as `underlyingQueue` so that the adapter
    /// can submit work behind a barrier (see ``BarrierTicket``). Foundation keeps it `unowned`.
    private let dispatchQueue: DispatchQueue
    private let tracker = CompletionTracker()
    private let barriers = BarrierLedger()
    private let observerLock = NSLock()
    private var observer: (any StateObserver)?
    private let hasObserver = Atomic<Bool>(false)

    public init(name: String? = nil) {
        self.name = name
        dispatchQueue = DispatchQueue(label: name ?? "FoundationQueue", attributes: .concurrent)
        if let name {
            queue.name = name
        }
        queue.underlyingQueue = dispatchQueue
    }

    /// Foundation's width. Foundation traps on a negative value other than -1; such a value is
    /// ignored here (a setter cannot throw), leaving the width unchanged.
    public var maxConcurrentOperationCount: Int {
        get { queue.maxConcurrentOperationCount }
        set {
            guard newValue >= defaultMaxConcurrentOperationCount else { return }
            queue.maxConcurrentOperationCount = newValue
        }
    }

    public var isSuspended: Bool {
        get { queue.isSuspended }
        set { queue.isSuspended = newValue }
    }

    /// Foundation's unfinished operations (barriers excluded), in the order added.
    public var operations: [FoundationOperation] {
        queue.operations.compactMap { ($0 as? BackingOperation)?.owner }
    }

    public var operationCount: Int { queue.operationCount }

    // MARK: Adding

    /// - Throws: ``QueueError/alreadyEnqueued(_:)``, ``QueueError/alreadyStarted(_:)`` or
    ///   ``QueueError/alreadyFinished(_:)`` where Foundation would crash the process;
    ///   ``QueueError/refused(_:)`` for a cancelled operation while a barrier is pending, where
    ///   Foundation would hang (see ``refuseCancelledBehindBarrier(_:)``).
    public func addOperation(_ operation: FoundationOperation) throws(QueueError) {
        try refuseCancelledBehindBarrier(CollectionOfOne(operation))
        try operation.claim()
        enroll(operation)
        queue.addOperation(operation.backing)
    }

    /// Validates every operation first (also an operation listed twice), adds none when one is
    /// refused, then passes the batch to Foundation in one call.
    public func addOperations(_ operations: [FoundationOperation], waitUntilFinished: Bool) throws(QueueError) {
        try refuseCancelledBehindBarrier(operations)
        var claimed: [FoundationOperation] = []
        claimed.reserveCapacity(operations.count)
        for operation in operations {
            do {
                try operation.claim()
            } catch {
                for taken in claimed {
                    taken.unclaim()
                }
                throw error
            }
            claimed.append(operation)
        }
        for operation in operations {
            enroll(operation)
        }
        queue.addOperations(operations.map(\.backing), waitUntilFinished: waitUntilFinished)
    }

    /// Wraps `block` in a ``FoundationOperation`` (not a `BlockOperation`, so that it appears in
    /// ``operations`` and the bounded waits).
    public func addOperation(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        try addOperation(FoundationOperation(name: nil, priority: .normal, body: .synchronous { _ in block() }))
    }

    /// Foundation's `addBarrierBlock` (present in swift-corelibs-foundation). Its Linux quirk
    /// stays: on an empty queue, even a suspended one, the block runs at once. The bounded wait
    /// counts the barrier until Foundation finished it.
    public func addBarrierBlock(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        let ticket = barriers.issue(tracker: tracker)
        let dispatchQueue = dispatchQueue
        queue.addBarrierBlock {
            block()
            // Runs after the Dispatch barrier that runs this block, i.e. after Foundation
            // finished the barrier operation (on an empty queue: at once).
            dispatchQueue.async { ticket.settle() }
        }
    }

    /// Foundation makes every operation it adds depend on the barriers still waiting in the
    /// queue, under the queue's lock; for a cancelled operation that dependency does not count,
    /// Foundation finds it ready and schedules it, which takes the same lock again: the adding
    /// thread hangs for ever, holding the queue (measured: `FoundationBehaviourProbeTests`).
    /// Refused while any barrier added here has not finished (a little wider than Foundation's
    /// condition, which is a barrier not yet started). An operation cancelled by another thread
    /// while Foundation adds it can still hit the hang.
    private func refuseCancelledBehindBarrier(_ operations: some Collection<FoundationOperation>) throws(QueueError) {
        guard barriers.hasOpen, let cancelled = operations.first(where: \.isCancelled) else { return }
        throw .refused(
            "\(cancelled.label) is cancelled and a barrier is pending: Foundation on Linux would deadlock on its "
                + "queue lock adding it (add it before cancelling it, or once the barrier ran)")
    }

    private func enroll(_ operation: FoundationOperation) {
        let observer: (any StateObserver)?
        if hasObserver.load(ordering: .acquiring) {
            observerLock.lock()
            observer = self.observer
            observerLock.unlock()
        } else {
            observer = nil
        }
        barriers.holdUntilOpenBarriersSettle(operation)
        operation.enroll(in: tracker, observer: observer)
    }

    // MARK: Cancelling and waiting

    /// Cancels every operation of the queue, as Foundation's `cancelAllOperations` does, but
    /// leaves the barriers alone: a deliberate difference.
    ///
    /// Foundation's `cancelAllOperations` also cancels pending barrier operations. A cancelled
    /// barrier finishes (without running its block) before the operations it waits for, and its
    /// queue releases it; those operations still hold it, unretained, as a dependent, and read
    /// the freed memory when they finish: a crash (measured: `FoundationBehaviourProbeTests`).
    /// Here the barriers stay, so their blocks run once the cancelled operations before them
    /// finished, and the operations after them still wait for them.
    public func cancelAllOperations() {
        for operation in queue.operations {
            operation.cancel()
        }
    }

    /// Foundation's own wait (unbounded: a dependency cycle makes it hang).
    public func waitUntilAllOperationsAreFinished() {
        queue.waitUntilAllOperationsAreFinished()
    }

    /// Waits on the adapter's own count of unfinished operations and barriers (Foundation's wait
    /// cannot be bounded); work added while waiting is covered.
    public func waitUntilAllOperationsAreFinished(timeout: Duration) -> WaitOutcome {
        if tracker.waitUntilIdle(timeout: timeout) {
            return .finished
        }
        let report = StallReport(queueName: name, isSuspended: isSuspended, operations: operations)
        let barrierEntries = barriers.openTickets.map {
            StallReport.Entry(operation: $0.label, state: .pending, isCancelled: false, unmetDependencies: [])
        }
        return .timedOut(
            StallReport(
                queueName: report.queueName, isSuspended: report.isSuspended, entries: report.entries + barrierEntries)
        )
    }

    // MARK: Observation

    /// Operations added from now on report to `observer` (each keeps the observer installed when
    /// it was added). What is reported, and how precisely:
    /// - at add: `pending` when a dependency is unfinished, else `ready` (plus `cancelled` for an
    ///   operation cancelled before it was added). A dependency Foundation adds itself on a
    ///   pending barrier is not visible: such an operation is reported `ready` at add;
    /// - `ready` when Foundation re-tests readiness and finds it (a dependency finished, the
    ///   operation was cancelled, a dependency was removed); if that edge went unseen, `ready`
    ///   is reported just before `executing` or `finished`;
    /// - `executing` just before the body starts; `finished` after Foundation marked the
    ///   operation finished (it may already have released its dependents);
    /// - `cancelled` when `cancel()` first reaches an unfinished operation, just before Foundation
    ///   sets the flag.
    /// Each operation's transitions arrive in forward order; when two threads report for the same
    /// operation at once, the second hands its transition to the first, which delivers it.
    public func setStateObserver(_ observer: (any StateObserver)?) {
        observerLock.lock()
        self.observer = observer
        hasObserver.store(observer != nil, ordering: .releasing)
        observerLock.unlock()
    }
}
