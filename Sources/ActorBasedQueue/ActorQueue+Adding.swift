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
        guard operation.claim(by: link, observer: inbox.observer) else {
            inbox.lock.unlock()
            throw operation.refusal
        }
        inbox.join(operation, of: self)
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

    /// Claims the whole batch and logs its members in one inbox lock section, between
    /// `.beginAdmission` and `.endAdmission`, so that no member starts before all are placed.
    /// Members with dependency edges are decided by the graph after the section, before
    /// `.endAdmission` is logged.
    public func enqueue(batch operations: [ActorOperation], ifBarrierGeneration generation: UInt64)
        throws(QueueError) -> Bool
    {
        inbox.lock.lock()
        guard inbox.barrierGeneration.load(ordering: .relaxed) == generation else {
            inbox.lock.unlock()
            return false
        }
        if let refused = ScheduledOperation.claimAll(operations, by: link, observer: inbox.observer) {
            inbox.lock.unlock()
            throw refused.refusal
        }
        var kick = inbox.post(.beginAdmission)
        var decidedByGraph: [ActorOperation] = []
        for operation in operations {
            inbox.join(operation, of: self)
            if operation.needsGraphDecision {
                decidedByGraph.append(operation)
            } else {
                _ = inbox.post(.enqueue(operation))
            }
        }
        if decidedByGraph.isEmpty { _ = inbox.post(.endAdmission) }
        inbox.lock.unlock()
        if !decidedByGraph.isEmpty {
            for operation in decidedByGraph { DependencyGraph.decideReadiness(of: operation) }
            if inbox.lock.withLock({ inbox.post(.endAdmission) }) { kick = true }
        }
        if kick { drain() }
        return true
    }
}
