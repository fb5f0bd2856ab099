import QueueLabCore
@_spi(QueueInternals) import QueueLabScheduling
import Synchronization

extension ActorQueue: ScheduledQueue {
    package var newestBarrier: BarrierSnapshot<ActorOperation> {
        // Until the first barrier, adding takes no second lock per operation.
        guard inbox.barrierGeneration.load(ordering: .acquiring) > 0 else {
            return BarrierSnapshot(barrier: nil, generation: 0)
        }
        return inbox.lock.withLock {
            BarrierSnapshot(barrier: inbox.barrier, generation: inbox.barrierGeneration.load(ordering: .relaxed))
        }
    }

    package func installBarrier(_ barrier: ActorOperation) -> (members: [ScheduledOperation], previous: ActorOperation?)
    {
        inbox.lock.withLock {
            let previous = inbox.barrier
            inbox.barrier = barrier
            inbox.barrierGeneration.add(1, ordering: .releasing)
            return (inbox.members.snapshot(), previous)
        }
    }

    /// Claims the operation and logs it for the scheduler in one inbox lock section.
    package func enqueue(_ operation: ActorOperation, ifBarrierGeneration generation: UInt64?) throws(QueueError)
        -> Bool
    {
        inbox.lock.lock()
        if let generation, inbox.barrierGeneration.load(ordering: .relaxed) != generation {
            inbox.lock.unlock()
            return false
        }
        guard operation.claim(by: link, delivery: inbox.delivery) else {
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

    /// Claims the whole batch and logs its members in the order added, in one inbox lock section
    /// between `.beginAdmission` and `.endAdmission`, so that no member starts before all are
    /// placed and the scheduler lists them in that order (with the graph's lock around the section
    /// when a member has dependency edges: see `DependencyGraph.BatchReadiness`). A member that
    /// gained an edge while the batch was being added is decided by the graph after the section,
    /// before `.endAdmission` is logged.
    package func enqueue(batch operations: [ActorOperation], ifBarrierGeneration generation: UInt64)
        throws(QueueError) -> Bool
    {
        enum Admission {
            case admitted(decidedByGraph: [ActorOperation], kick: Bool)
            case staleBarrier
            case refused(QueueError)
        }
        let admission = DependencyGraph.admitting(operations) { readiness -> Admission in
            inbox.lock.lock()
            defer { inbox.lock.unlock() }
            guard inbox.barrierGeneration.load(ordering: .relaxed) == generation else { return .staleBarrier }
            if let refused = ScheduledOperation.claimAll(operations, by: link, delivery: inbox.delivery) {
                return .refused(refused.refusal)
            }
            let kick = inbox.post(.beginAdmission)
            var decidedByGraph: [ActorOperation] = []
            for operation in operations {
                inbox.join(operation, of: self)
                if let isReady = readiness.isReady(operation) {
                    _ = inbox.post(.decide(operation, isReady: isReady))
                } else {
                    decidedByGraph.append(operation)
                }
            }
            if decidedByGraph.isEmpty { _ = inbox.post(.endAdmission) }
            return .admitted(decidedByGraph: decidedByGraph, kick: kick)
        }
        switch admission {
        case .staleBarrier:
            return false
        case .refused(let error):
            throw error
        case .admitted(let decidedByGraph, var kick):
            if !decidedByGraph.isEmpty {
                for operation in decidedByGraph { DependencyGraph.decideReadiness(of: operation) }
                if inbox.lock.withLock({ inbox.post(.endAdmission) }) { kick = true }
            }
            if kick { drain() }
            return true
        }
    }
}
