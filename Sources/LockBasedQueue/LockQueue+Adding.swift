import QueueLabCore
import QueueLabScheduling
import Synchronization

extension LockQueue: ScheduledQueue {
    public var newestBarrier: BarrierSnapshot<LockOperation> {
        // Until the first barrier, adding takes no second lock per operation.
        guard barrierGeneration.load(ordering: .acquiring) > 0 else {
            return BarrierSnapshot(barrier: nil, generation: 0)
        }
        return lock.withLock {
            BarrierSnapshot(barrier: barrier, generation: barrierGeneration.load(ordering: .relaxed))
        }
    }

    public func installBarrier(_ barrier: LockOperation) -> (members: [ScheduledOperation], previous: LockOperation?) {
        lock.withLock {
            let previous = self.barrier
            self.barrier = barrier
            barrierGeneration.add(1, ordering: .releasing)
            return (members.snapshot(), previous)
        }
    }

    /// Claims the operation and, when it has no dependency edges, lists it ready in the same lock
    /// section: the common path takes one lock and allocates nothing.
    public func enqueue(_ operation: LockOperation, ifBarrierGeneration generation: UInt64?) throws(QueueError)
        -> Bool
    {
        lock.lock()
        if let generation, barrierGeneration.load(ordering: .relaxed) != generation {
            lock.unlock()
            return false
        }
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
        return true
    }
}
