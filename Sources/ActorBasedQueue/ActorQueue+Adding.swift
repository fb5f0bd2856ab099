import QueueLabCore
import QueueLabScheduling
import Synchronization

extension ActorQueue: ScheduledQueue {
    public var newestBarrier: ActorOperation? {
        guard inbox.hasHadBarrier.load(ordering: .acquiring) else { return nil }
        return inbox.lock.withLock { inbox.barrier }
    }

    public func installBarrier(_ barrier: ActorOperation) -> [ScheduledOperation] {
        inbox.lock.withLock {
            inbox.barrier = barrier
            inbox.hasHadBarrier.store(true, ordering: .releasing)
            return inbox.members.snapshot()
        }
    }

    /// Claims the operation and logs it for the scheduler in one inbox lock section.
    public func enqueue(_ operation: ActorOperation) throws(QueueError) {
        inbox.lock.lock()
        guard operation.claim(by: self, observer: inbox.observer) else {
            inbox.lock.unlock()
            throw operation.state == .finished ? .alreadyFinished(operation.label) : .alreadyEnqueued(operation.label)
        }
        inbox.members.append(operation)
        let needsGraph = operation.needsGraphDecision
        let kick = needsGraph ? false : inbox.post(.enqueue(operation))
        inbox.lock.unlock()
        if needsGraph {
            DependencyGraph.decideReadiness(of: operation)
        } else if kick {
            drain()
        }
    }
}
