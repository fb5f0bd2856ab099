import QueueLabCore
import QueueLabScheduling

extension LockQueue {
    public func addOperation(_ operation: LockOperation) throws(QueueError) {
        try validate(operation)
        if let barrier = lock.withLock({ barrier }), barrier.state != .finished {
            try operation.addDependency(barrier)
        }
        try enqueue(operation)
    }

    public func addOperations(_ operations: [LockOperation], waitUntilFinished: Bool) throws(QueueError) {
        var seen = Set<ObjectIdentifier>()
        for operation in operations {
            try validate(operation)
            guard seen.insert(ObjectIdentifier(operation)).inserted else { throw .alreadyEnqueued(operation.label) }
        }
        for operation in operations { try addOperation(operation) }
        if waitUntilFinished {
            for operation in operations { operation.waitUntilFinished() }
        }
    }

    public func addOperation(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        try addOperation(LockOperation(name: nil, priority: .normal, body: .synchronous { _ in block() }))
    }

    public func addBarrierBlock(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        let barrierOperation = LockOperation(name: "barrier", priority: .normal, body: .synchronous { _ in block() })
        let earlier = lock.withLock { () -> [ScheduledOperation] in
            defer { barrier = barrierOperation }
            return members.snapshot()
        }
        for operation in earlier where operation.state != .finished {
            try barrierOperation.addDependency(unsafeDowncast(operation, to: LockOperation.self))
        }
        try enqueue(barrierOperation)
    }

    private func validate(_ operation: LockOperation) throws(QueueError) {
        if operation.state == .finished { throw .alreadyFinished(operation.label) }
        if operation.isClaimed { throw .alreadyEnqueued(operation.label) }
    }

    /// Claims the operation and, when it has no dependency edges, lists it ready in the same lock
    /// section: the common path takes one lock and allocates nothing.
    private func enqueue(_ operation: LockOperation) throws(QueueError) {
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
