import QueueLabCore
import QueueLabScheduling
import Synchronization

extension ActorQueue: ScheduledQueue {
    public var newestBarrier: BarrierSnapshot<ActorOperation> {
        // Until the first barrier, adding takes no second lock per operation.
        guard inbox.barrierGeneration.load(ordering: .acquiring) > 0 else {
            return BarrierSnapshot(barrier: nil, generation: 0)
        }
        return inbox.lock.withLock {
            BarrierSnapshot(barrier: inbox.barrier, generation: inbox.barrierGeneration.load(ordering: .relaxed))
        }
    }

    public func installBarrier(_ barrier: ActorOperation) -> (members: [ScheduledOperation], previous: ActorOperation?)
    {
        inbox.lock.withLock {
            let previous = inbox.barrier
            inbox.barrier = barrier
            inbox.barrierGeneration.add(1, ordering: .releasing)
            return (inbox.members.snapshot(), previous)
        }
    }

    /// Claims the operation and logs it for the scheduler in one inbox lock section.
    public func enqueue(_ operation: ActorOperation, ifBarrierGeneration generation: UInt64?) throws(QueueError)
        -> Bool
    {
        inbox.lock.lock()
        if let generation, inbox.barrierGeneration.load(ordering: .relaxed) != generation {
            inbox.lock.unlock()
            return false
        }
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
        return true
    }
}
