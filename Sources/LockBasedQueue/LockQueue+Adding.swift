import QueueLabCore
import QueueLabScheduling
import Synchronization

extension LockQueue: ScheduledQueue {
    public var newestBarrier: LockOperation? {
        guard hasHadBarrier.load(ordering: .acquiring) else { return nil }
        return lock.withLock { barrier }
    }

    public func installBarrier(_ barrier: LockOperation) -> [ScheduledOperation] {
        lock.withLock {
            self.barrier = barrier
            hasHadBarrier.store(true, ordering: .releasing)
            return members.snapshot()
        }
    }

    /// Claims the operation and, when it has no dependency edges, lists it ready in the same lock
    /// section: the common path takes one lock and allocates nothing.
    public func enqueue(_ operation: LockOperation) throws(QueueError) {
        lock.lock()
        guard operation.claim(by: self, observer: observer) else {
            lock.unlock()
            throw operation.state == .finished ? .alreadyFinished(operation.label) : .alreadyEnqueued(operation.label)
        }
        members.append(operation)
        let needsGraph = operation.needsGraphDecision
        var wakeup = Wakeup.none
        var transition: StateTransition?
        if !needsGraph {
            wakeup = machine.enqueue(operation, isReady: true)
            transition = operation.enter(.ready)
        }
        lock.unlock()
        operation.deliver(transition)
        if needsGraph {
            DependencyGraph.decideReadiness(of: operation)
        } else {
            start(wakeup)
        }
    }
}
