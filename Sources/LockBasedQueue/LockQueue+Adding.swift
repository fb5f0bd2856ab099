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
        guard operation.claim(by: link, observer: observer) else {
            lock.unlock()
            throw operation.refusal
        }
        join(operation)
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

    /// Claims the whole batch and places the members without dependency edges in one lock section.
    /// Members with edges are decided by the graph afterwards, while the state machine lets nothing
    /// start, so that no member runs before all are placed.
    public func enqueue(batch operations: [LockOperation], ifBarrierGeneration generation: UInt64) throws(QueueError)
        -> Bool
    {
        lock.lock()
        guard barrierGeneration.load(ordering: .relaxed) == generation else {
            lock.unlock()
            return false
        }
        if let refused = ScheduledOperation.claimAll(operations, by: link, observer: observer) {
            lock.unlock()
            throw refused.refusal
        }
        var decidedByGraph: [LockOperation] = []
        for operation in operations {
            join(operation)
            if operation.needsGraphDecision {
                decidedByGraph.append(operation)
            } else {
                _ = machine.place(operation, isReady: true)
                record(operation.enter(.ready))
            }
        }
        var wakeups: [Wakeup] = []
        if decidedByGraph.isEmpty {
            wakeups = machine.wakeupsForAllWork()
        } else {
            machine.beginAdmission()
        }
        lock.unlock()
        if !decidedByGraph.isEmpty {
            for operation in decidedByGraph { DependencyGraph.decideReadiness(of: operation) }
            wakeups = lock.withLock { machine.endAdmission() }
        }
        flushTransitions()
        perform(wakeups)
        return true
    }

    /// Lock held: the operation becomes a member; the first member keeps the queue alive.
    private func join(_ operation: LockOperation) {
        if members.append(operation) { selfWhileBusy = self }
    }
}
