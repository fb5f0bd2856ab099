import QueueLabCore
import Synchronization

/// The `QueueOperation` members shared by QueueLab's own operation types: everything but the
/// initializer and the typed body.
package protocol ScheduledQueueOperation: ScheduledOperation, QueueOperation {}

extension ScheduledQueueOperation {
    /// The priority the user set; setting it updates the priorities the operation passes on in
    /// ``DependencyGraph`` and tells its queue, which relists it if it is ready.
    public var queuePriority: QueuePriority {
        get { priority }
        set {
            priorityWord.store(newValue.rawValue, ordering: .relaxed)
            DependencyGraph.ownPriorityChanged(self)
            if isClaimed { host?.priorityChanged(self) }
        }
    }

    /// The operations this one waits for, finished or not, in the order their edges were added.
    public var dependencies: [Self] {
        // Edges only ever join operations of one type: `addDependency` takes `Self`.
        DependencyGraph.dependencies(of: self).map { unsafeDowncast($0, to: Self.self) }
    }

    /// Makes this operation wait for `operation`, through ``DependencyGraph``; an edge it already
    /// has is ignored.
    ///
    /// - Throws: `QueueError.dependencyCycle(members:)` when the edge would close a cycle, this
    ///   operation on itself included.
    public func addDependency(_ operation: Self) throws(QueueError) {
        try DependencyGraph.addDependency(operation, to: self)
    }

    /// Removes the edge to `operation`, if there is one; an operation left with no unfinished
    /// dependency becomes ready.
    public func removeDependency(_ operation: Self) {
        DependencyGraph.removeDependency(operation, from: self)
    }

    /// Cancels the operation: one waiting for dependencies becomes ready, and one that has not
    /// started finishes without running its body (see ``ScheduledOperation/requestCancel()``).
    public func cancel() { requestCancel() }

    /// Reports that this asynchronous operation's work is done: its queue moves it from executing
    /// to finished.
    ///
    /// - Throws: `QueueError.notAsynchronous(_:)` for a synchronous operation,
    ///   `QueueError.notExecuting(_:)` when it is not executing in a queue.
    public func finish() throws(QueueError) {
        guard isAsynchronous else { throw .notAsynchronous(label) }
        guard isClaimed, let host, host.asynchronousOperationFinished(self) else { throw .notExecuting(label) }
    }

    /// Blocks the calling thread until the operation finished.
    public func waitUntilFinished() {
        _ = FinishSignal.wait(for: self, deadline: nil)
    }

    /// Blocks the calling thread until the operation finished or `timeout` passed.
    ///
    /// - Returns: whether the operation finished in time.
    public func waitUntilFinished(timeout: Duration) -> Bool {
        FinishSignal.wait(for: self, deadline: MonotonicClock.now() &+ timeout.nanoseconds)
    }
}

extension ScheduledOperation {
    /// The final steps of every finish, after the state was stored under the host's lock: wakes
    /// threads waiting on this operation, releases dependents, runs the completion handler.
    package func completeFinish() {
        #if QUEUELAB_FAULT_INJECTION
            InjectedCost.pay()  // the gate's fault injection (trait FaultInjection only)
        #endif
        FinishSignal.operationFinished()
        finishedOutsideLocks()
    }

    /// As ``completeFinish()``, but hands the completion handler back instead of running it.
    package func completeFinishTakingHandler() -> (@Sendable () -> Void)? {
        #if QUEUELAB_FAULT_INJECTION
            InjectedCost.pay()  // the gate's fault injection (trait FaultInjection only)
        #endif
        FinishSignal.operationFinished()
        return releaseDependentsTakingHandler()
    }
}
