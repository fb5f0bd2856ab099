import Foundation
import QueueLabCore
import Synchronization

/// A QueueLab operation backed by a `Foundation.Operation`: Foundation decides everything
/// (readiness, order, cancellation, completion); this wrapper translates the protocol and turns
/// the calls that would crash or hang Foundation into thrown errors.
///
/// The state is derived from Foundation's own flags: finished if `isFinished`, else executing if
/// `isExecuting`, else ready if `isReady`, else pending. Foundation keeps `isReady` true while
/// the operation executes and after it finished, hence the order. An operation not yet in a
/// queue reads `ready` when none of its dependencies is unfinished (Foundation's `isReady`).
///
/// Foundation holds an operation's dependents unretained; this wrapper keeps them alive until it
/// finished, so that a dependent that finished first (cancelled) and was dropped cannot be read
/// after it was freed. The price: two operations linked by a dependency and never added to a
/// queue keep each other alive.
public final class FoundationOperation: QueueOperation, @unchecked Sendable {
    // @unchecked Sendable: `dependencyList`, `handler` and `settled` are read and written only
    // with `condition` locked; `backing` is Foundation's thread-safe operation; the rest is
    // immutable or atomic.
    public let id: OperationID
    public let name: String?
    let backing: BackingOperation
    private let condition = NSCondition()
    private var dependencyList: [FoundationOperation] = []
    /// The operations that depend on this one, kept alive until it finished: Foundation holds
    /// them unretained and reads them when this operation finishes, so a dependent that
    /// finished first (cancelled) and was freed would make it read freed memory.
    private var dependents: [FoundationOperation] = []
    private var handler: (@Sendable () -> Void)?
    /// Set once everything after Foundation's finish ran: the bounded `waitUntilFinished` waits for it.
    private var settled = false
    private var tracker: CompletionTracker?
    /// 0 until the operation is handed to a queue; claimed once with a compare-and-exchange.
    private let enrollment = Atomic<Bool>(false)

    public init(name: String?, priority: QueuePriority, body: OperationBody<FoundationOperation>) {
        id = OperationID.next()
        self.name = name
        switch body {
        case .synchronous(let run):
            backing = SynchronousBackingOperation(priority: priority, body: run)
        case .asynchronous(let run):
            backing = AsynchronousBackingOperation(priority: priority, body: run)
        }
        backing.name = name
        backing.owner = self
    }

    /// Foundation's priority, one of the five levels (the two enums share their raw values).
    public var queuePriority: QueuePriority {
        get { backing.priority }
        set {
            backing.priorityValue.store(newValue.rawValue, ordering: .relaxed)
            backing.queuePriority = Foundation.Operation.QueuePriority(newValue)
        }
    }

    public var isAsynchronous: Bool { backing.isAsynchronous }

    /// Reads Foundation's flags in the order readiness, executing, finished and ranks them the
    /// other way: each flag can only turn true after the earlier ones did, so the answer is a
    /// state the operation really was in during the call, and successive reads never go back.
    public var state: OperationState {
        let ready = backing.foundationIsReady
        let executing = backing.isExecuting
        let finished = backing.isFinished
        if finished { return .finished }
        if executing { return .executing }
        return ready ? .ready : .pending
    }

    public var isCancelled: Bool { backing.isCancelled }

    /// Foundation's `completionBlock`: run once, on another thread, after the operation finished.
    public var completionHandler: (@Sendable () -> Void)? {
        get {
            condition.lock()
            defer { condition.unlock() }
            return handler
        }
        set {
            condition.lock()
            handler = newValue
            condition.unlock()
            backing.completionBlock = newValue
        }
    }

    /// The wrappers this operation depends on, in the order added (Foundation's list without the
    /// barriers it adds itself).
    public var dependencies: [FoundationOperation] {
        condition.lock()
        defer { condition.unlock() }
        return dependencyList
    }

    /// Passes through to Foundation, except a dependency on itself.
    ///
    /// - Throws: `QueueError.dependencyCycle(members:)` naming this operation for
    ///   `a.addDependency(a)`: Foundation on Linux locks the operation's own lock twice there and
    ///   hangs the calling thread for ever. Longer cycles are not detected (Foundation's
    ///   behaviour: their members never run).
    public func addDependency(_ operation: FoundationOperation) throws(QueueError) {
        guard operation !== self else {
            throw .dependencyCycle(members: [label])
        }
        condition.lock()
        let isNew = !dependencyList.contains(where: { $0 === operation })
        if isNew {
            dependencyList.append(operation)
        }
        condition.unlock()
        if isNew {
            operation.retainDependent(self)
        }
        backing.addDependency(operation.backing)
    }

    public func removeDependency(_ operation: FoundationOperation) {
        condition.lock()
        let wasThere = dependencyList.contains(where: { $0 === operation })
        dependencyList.removeAll { $0 === operation }
        condition.unlock()
        backing.removeDependency(operation.backing)
        if wasThere {
            operation.releaseDependent(self)
        }
    }

    /// Until this operation finished (a finished one no longer reads its dependents).
    /// Retained before Foundation records the edge, released after it dropped it.
    private func retainDependent(_ dependent: FoundationOperation) {
        condition.lock()
        if !settled {
            dependents.append(dependent)
        }
        condition.unlock()
    }

    private func releaseDependent(_ dependent: FoundationOperation) {
        condition.lock()
        if let index = dependents.firstIndex(where: { $0 === dependent }) {
            dependents.remove(at: index)
        }
        condition.unlock()
    }

    public func cancel() {
        backing.cancel()
    }

    /// Tells Foundation that the asynchronous work is done (`isExecuting` false, `isFinished`
    /// true, with the notifications its queue waits for).
    ///
    /// - Throws: `QueueError.notAsynchronous(_:)` for a synchronous body,
    ///   `QueueError.notExecuting(_:)` before it started or after it finished.
    public func finish() throws(QueueError) {
        guard let asynchronous = backing as? AsynchronousBackingOperation else {
            throw .notAsynchronous(label)
        }
        guard asynchronous.finishExecuting() else {
            throw .notExecuting(label)
        }
    }

    /// Foundation's own wait (unbounded).
    public func waitUntilFinished() {
        backing.waitUntilFinished()
    }

    /// Returns once Foundation marked the operation finished and the adapter reported it.
    public func waitUntilFinished(timeout: Duration) -> Bool {
        let deadline = Deadline(after: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !settled {
            if !deadline.wait(on: condition) {
                return false
            }
        }
        return true
    }
}

// MARK: - Enrollment in a queue

extension FoundationOperation {
    /// Takes the operation for a queue, once.
    ///
    /// - Throws: what Foundation would crash on (`fatalError("operations finished, executing or
    ///   already in a queue cannot be enqueued")`): ``QueueError/alreadyFinished(_:)``,
    ///   ``QueueError/alreadyStarted(_:)`` or ``QueueError/alreadyEnqueued(_:)``.
    func claim() throws(QueueError) {
        guard enrollment.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else {
            switch state {
            case .finished: throw .alreadyFinished(label)
            case .executing: throw .alreadyStarted(label)
            case .pending, .ready: throw .alreadyEnqueued(label)
            }
        }
    }

    /// Gives back a claim taken by a batch that was refused as a whole.
    func unclaim() {
        enrollment.store(false, ordering: .releasing)
    }

    /// Prepares a claimed operation for Foundation: counts it in the queue's tracker, installs
    /// the observer, claims the add transition, and keeps the wrapper alive until it finished
    /// (Foundation retains only the backing operation, which holds the wrapper weakly).
    func enroll(in tracker: CompletionTracker, observer: (any StateObserver)?) {
        condition.lock()
        self.tracker = tracker
        condition.unlock()
        tracker.enter()
        _ = Unmanaged.passRetained(self)
        if let observer {
            backing.attach(OperationTransitionRelay(observer: observer, operation: id, name: name))
            backing.reportAdded()
        }
    }

    /// Reports `finished` for the dependencies Foundation already marked finished (see
    /// ``BackingOperation/report(_:)``).
    func reportFinishedDependencies() {
        for dependency in dependencies where dependency.backing.isFinished {
            dependency.backing.report(.finished)
        }
    }

    /// After Foundation marked the operation finished: wakes the bounded waits, balances the
    /// retain taken by ``enroll(in:observer:)``.
    func didFinish() {
        condition.lock()
        settled = true
        let tracker = self.tracker
        let released = dependents
        dependents = []
        condition.broadcast()
        condition.unlock()
        withExtendedLifetime(released) {}
        tracker?.leave()
        Unmanaged.passUnretained(self).release()
    }
}
