import QueueLabCore
@_spi(QueueInternals) import QueueLabScheduling
import Synchronization

extension LockQueue: ScheduledQueue {
    package var newestBarrier: BarrierSnapshot<LockOperation> {
        // Until the first barrier, adding takes no second lock per operation.
        guard barrierGeneration.load(ordering: .acquiring) > 0 else {
            return BarrierSnapshot(barrier: nil, generation: 0)
        }
        return lock.withLock {
            BarrierSnapshot(barrier: barrier, generation: barrierGeneration.load(ordering: .relaxed))
        }
    }

    package func installBarrier(_ barrier: LockOperation) -> (members: [ScheduledOperation], previous: LockOperation?) {
        lock.withLock {
            let previous = self.barrier
            self.barrier = barrier
            barrierGeneration.add(1, ordering: .releasing)
            return (members.snapshot(), previous)
        }
    }

    /// Claims the operation and, when it has no dependency edges, lists it ready in the same lock
    /// section: the common path takes one lock and allocates nothing.
    package func enqueue(_ operation: LockOperation, ifBarrierGeneration generation: UInt64?) throws(QueueError)
        -> Bool
    {
        lock.lock()
        if let generation, barrierGeneration.load(ordering: .relaxed) != generation {
            lock.unlock()
            return false
        }
        guard operation.claim(by: link, delivery: delivery) else {
            lock.unlock()
            throw operation.refusal
        }
        join(operation)
        let needsGraph = operation.needsGraphDecision
        var wakeup = Wakeup.none
        var transition: TransitionDelivery?
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

    /// Claims the whole batch and places its members in the order added, in one lock section
    /// (with the graph's lock around it when a member has dependency edges, so that its readiness
    /// is decided where it is placed: see `DependencyGraph.BatchReadiness`). A member that gained
    /// an edge while the batch was being added is decided by the graph afterwards, while the state
    /// machine lets nothing start, so that no member runs before all are placed.
    package func enqueue(batch operations: [LockOperation], ifBarrierGeneration generation: UInt64) throws(QueueError)
        -> Bool
    {
        enum Admission {
            case admitted(decidedByGraph: [LockOperation], wakeups: [Wakeup])
            case staleBarrier
            case refused(QueueError)
        }
        let admission = DependencyGraph.admitting(operations) { readiness -> Admission in
            lock.lock()
            defer { lock.unlock() }
            guard barrierGeneration.load(ordering: .relaxed) == generation else { return .staleBarrier }
            if let refused = ScheduledOperation.claimAll(operations, by: link, delivery: delivery) {
                return .refused(refused.refusal)
            }
            var decidedByGraph: [LockOperation] = []
            for operation in operations {
                join(operation)
                if let isReady = readiness.isReady(operation) {
                    _ = machine.place(operation, isReady: isReady)
                    record(operation.enter(isReady ? .ready : .pending))
                } else {
                    decidedByGraph.append(operation)
                }
            }
            if decidedByGraph.isEmpty { return .admitted(decidedByGraph: [], wakeups: machine.wakeupsForAllWork()) }
            machine.beginAdmission()
            return .admitted(decidedByGraph: decidedByGraph, wakeups: [])
        }
        switch admission {
        case .staleBarrier:
            return false
        case .refused(let error):
            throw error
        case .admitted(let decidedByGraph, var wakeups):
            if !decidedByGraph.isEmpty {
                for operation in decidedByGraph { DependencyGraph.decideReadiness(of: operation) }
                wakeups = lock.withLock { machine.endAdmission() }
            }
            flushTransitions()
            perform(wakeups)
            return true
        }
    }

    /// Lock held: the operation becomes a member; the first member keeps the queue alive.
    private func join(_ operation: LockOperation) {
        if members.append(operation) { selfWhileBusy = self }
    }
}
