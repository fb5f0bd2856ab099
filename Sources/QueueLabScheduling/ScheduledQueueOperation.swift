import QueueLabCore
import Synchronization

/// The `QueueOperation` members shared by QueueLab's own operation types: everything but the
/// initializer and the typed body.
public protocol ScheduledQueueOperation: ScheduledOperation, QueueOperation {}

extension ScheduledQueueOperation {
    public var queuePriority: QueuePriority {
        get { priority }
        set {
            priorityWord.store(newValue.rawValue, ordering: .relaxed)
            DependencyGraph.ownPriorityChanged(self)
            if isClaimed { host?.priorityChanged(self) }
        }
    }

    public var dependencies: [Self] {
        // Edges only ever join operations of one type: `addDependency` takes `Self`.
        DependencyGraph.dependencies(of: self).map { unsafeDowncast($0, to: Self.self) }
    }

    public func addDependency(_ operation: Self) throws(QueueError) {
        try DependencyGraph.addDependency(operation, to: self)
    }

    public func removeDependency(_ operation: Self) {
        DependencyGraph.removeDependency(operation, from: self)
    }

    public func cancel() { requestCancel() }

    public func finish() throws(QueueError) {
        guard isAsynchronous else { throw .notAsynchronous(label) }
        guard isClaimed, let host, host.asynchronousOperationFinished(self) else { throw .notExecuting(label) }
    }

    public func waitUntilFinished() {
        _ = FinishSignal.wait(for: self, deadline: nil)
    }

    public func waitUntilFinished(timeout: Duration) -> Bool {
        FinishSignal.wait(for: self, deadline: MonotonicClock.now() &+ timeout.nanoseconds)
    }
}

extension ScheduledOperation {
    /// The final steps of every finish, after the state was stored under the host's lock: wakes
    /// threads waiting on this operation, releases dependents, runs the completion handler.
    public func completeFinish() {
        #if QUEUELAB_FAULT_INJECTION
            InjectedCost.pay()  // the gate's fault injection (trait FaultInjection only)
        #endif
        FinishSignal.operationFinished()
        finishedOutsideLocks()
    }

    /// As ``completeFinish()``, but hands the completion handler back instead of running it.
    public func completeFinishTakingHandler() -> (@Sendable () -> Void)? {
        #if QUEUELAB_FAULT_INJECTION
            InjectedCost.pay()  // the gate's fault injection (trait FaultInjection only)
        #endif
        FinishSignal.operationFinished()
        return releaseDependentsTakingHandler()
    }
}
