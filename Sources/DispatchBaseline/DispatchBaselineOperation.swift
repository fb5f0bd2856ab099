import Dispatch
import QueueLabCore
import Synchronization

/// An operation of the ``DispatchBaselineQueue``: a closure with just enough state for the
/// protocol (state, cancellation, completion, `finish()`), and no dependencies.
///
/// Priorities are stored and reported but change nothing: each add is one `DispatchQueue.async`
/// in submission order.
public final class DispatchBaselineOperation: QueueOperation, @unchecked Sendable {
    // @unchecked Sendable: `handler` is read and written only inside `handlerGuard`; `host`,
    // `addedEpoch` and `heldLane` are written once by the adding thread, after it won the
    // claim and before `isHosted` is stored with release ordering (and before the block is
    // dispatched); they are read only after an acquiring load of `isHosted` or a state
    // that the run published with release ordering. Everything else is immutable or atomic.
    private enum Phase: UInt8 {
        case created, claimed, queued, executing, finished
    }

    public let id: OperationID
    public let name: String?
    private let body: OperationBody<DispatchBaselineOperation>
    private let phase = Atomic<UInt8>(Phase.created.rawValue)
    private let cancelled = Atomic<Bool>(false)
    private let priorityValue: Atomic<Int>
    private let handlerGuard = SpinGuard()
    private var handler: (@Sendable () -> Void)?
    private let isHosted = Atomic<Bool>(false)
    nonisolated(unsafe) private var host: DispatchBaselineQueue?
    nonisolated(unsafe) private var addedEpoch: UInt64 = 0
    /// The serial lane an asynchronous operation keeps suspended until `finish()`.
    nonisolated(unsafe) private var heldLane: DispatchQueue?

    public init(name: String?, priority: QueuePriority, body: OperationBody<DispatchBaselineOperation>) {
        id = OperationID.next()
        self.name = name
        self.body = body
        priorityValue = Atomic(priority.rawValue)
    }

    /// Stored and reported, ignored by the scheduling (Dispatch runs blocks in submission order).
    public var queuePriority: QueuePriority {
        get { QueuePriority(rawValue: priorityValue.load(ordering: .relaxed)) ?? .normal }
        set { priorityValue.store(newValue.rawValue, ordering: .relaxed) }
    }

    public var isAsynchronous: Bool { body.isAsynchronous }

    /// pending until added (there are no dependencies), then ready, executing, finished.
    public var state: OperationState {
        switch Phase(rawValue: phase.load(ordering: .sequentiallyConsistent)) ?? .created {
        case .created, .claimed: .pending
        case .queued: .ready
        case .executing: .executing
        case .finished: .finished
        }
    }

    /// Its own flag, or a `cancelAllOperations` of its queue after it was added and before it
    /// finished. The queue's epoch is read before the state, so an answer of true never
    /// precedes the cancellation it reports.
    public var isCancelled: Bool {
        if cancelled.load(ordering: .acquiring) { return true }
        guard isHosted.load(ordering: .acquiring), let host else { return false }
        let epoch = host.cancelEpoch.load(ordering: .acquiring)
        guard phase.load(ordering: .acquiring) != Phase.finished.rawValue else { return false }
        return epoch > addedEpoch
    }

    /// Run inline by the thread that finished the operation, right after it finished.
    public var completionHandler: (@Sendable () -> Void)? {
        get { handlerGuard.withLock { handler } }
        set { handlerGuard.withLock { handler = newValue } }
    }

    /// Always empty: the baseline has no dependencies.
    public var dependencies: [DispatchBaselineOperation] { [] }

    /// - Throws: ``QueueError/unsupported(_:)``: a dependency needs a scheduler, which is what the
    ///   baseline leaves out.
    public func addDependency(_ operation: DispatchBaselineOperation) throws(QueueError) {
        throw .unsupported("dependencies")
    }

    /// A no-op: there never are dependencies.
    public func removeDependency(_ operation: DispatchBaselineOperation) {}

    /// Sets the flag (unless finished); an operation cancelled before its block runs skips its body.
    public func cancel() {
        guard phase.load(ordering: .acquiring) != Phase.finished.rawValue else { return }
        cancelled.store(true, ordering: .releasing)
    }

    /// - Throws: ``QueueError/notAsynchronous(_:)`` for a synchronous body,
    ///   ``QueueError/notExecuting(_:)`` before it started or after it finished.
    public func finish() throws(QueueError) {
        guard body.isAsynchronous else { throw .notAsynchronous(label) }
        guard phase.load(ordering: .acquiring) == Phase.executing.rawValue else { throw .notExecuting(label) }
        foldQueueCancellation()
        guard move(from: .executing, to: .finished) else { throw .notExecuting(label) }
        heldLane?.resume()
        settle()
    }

    public func waitUntilFinished() {
        while !waitUntilFinished(timeout: .seconds(3600)) {}
    }

    public func waitUntilFinished(timeout: Duration) -> Bool {
        FinishNotifier.wait(timeout: timeout) {
            phase.load(ordering: .sequentiallyConsistent) == Phase.finished.rawValue
        }
    }
}

// MARK: - Running

extension DispatchBaselineOperation {
    /// Takes the operation for `queue`, once.
    ///
    /// - Throws: ``QueueError/alreadyEnqueued(_:)``, ``QueueError/alreadyStarted(_:)`` or
    ///   ``QueueError/alreadyFinished(_:)``.
    func claim() throws(QueueError) {
        guard move(from: .created, to: .claimed) else {
            switch state {
            case .finished: throw .alreadyFinished(label)
            case .executing: throw .alreadyStarted(label)
            case .pending, .ready: throw .alreadyEnqueued(label)
            }
        }
    }

    /// Gives back a claim taken by a batch that was refused as a whole.
    func unclaim() {
        phase.store(Phase.created.rawValue, ordering: .releasing)
    }

    /// Records the queue (for `cancelAllOperations`) and the lane, before the block is dispatched.
    func host(in queue: DispatchBaselineQueue, epoch: UInt64, lane: DispatchQueue?) {
        host = queue
        addedEpoch = epoch
        heldLane = body.isAsynchronous ? lane : nil
        isHosted.store(true, ordering: .releasing)
        phase.store(Phase.queued.rawValue, ordering: .sequentiallyConsistent)
    }

    /// The dispatched block.
    func run() {
        if isCancelled {
            cancelled.store(true, ordering: .releasing)
            guard move(from: .queued, to: .finished) else { return }
            settle()
            return
        }
        // An asynchronous operation keeps its lane suspended until `finish()`: it holds its
        // slot. Suspended before the operation can be finished (the resume must follow the
        // suspension); the suspension takes effect when this block returns.
        heldLane?.suspend()
        guard move(from: .queued, to: .executing) else {
            heldLane?.resume()
            return
        }
        switch body {
        case .synchronous(let work):
            work(self)
            foldQueueCancellation()
            guard move(from: .executing, to: .finished) else { return }
            settle()
        case .asynchronous(let work):
            work(self)
        }
    }

    /// Before the operation turns finished: a queue-wide cancellation that reached it becomes its
    /// own flag, which is all `isCancelled` reads once it finished.
    private func foldQueueCancellation() {
        if let host, host.cancelEpoch.load(ordering: .acquiring) > addedEpoch {
            cancelled.store(true, ordering: .releasing)
        }
    }

    /// After the operation finished: runs the completion handler, then lets the waits go.
    private func settle() {
        let completion = handlerGuard.withLock { handler }
        completion?()
        FinishNotifier.operationFinished()
        host?.operationFinished()
    }

    private func move(from old: Phase, to new: Phase) -> Bool {
        phase.compareExchange(expected: old.rawValue, desired: new.rawValue, ordering: .sequentiallyConsistent)
            .exchanged
    }
}
