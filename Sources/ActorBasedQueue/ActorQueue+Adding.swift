import QueueLabCore
import QueueLabScheduling

extension ActorQueue {
    public func addOperation(_ operation: ActorOperation) throws(QueueError) {
        try validate(operation)
        if let barrier = inbox.lock.withLock({ inbox.barrier }), barrier.state != .finished {
            try operation.addDependency(barrier)
        }
        try enqueue(operation)
    }

    public func addOperations(_ operations: [ActorOperation], waitUntilFinished: Bool) throws(QueueError) {
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
        try addOperation(ActorOperation(name: nil, priority: .normal, body: .synchronous { _ in block() }))
    }

    public func addBarrierBlock(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        let barrierOperation = ActorOperation(name: "barrier", priority: .normal, body: .synchronous { _ in block() })
        let earlier = inbox.lock.withLock { () -> [ScheduledOperation] in
            defer { inbox.barrier = barrierOperation }
            return inbox.members.snapshot()
        }
        for operation in earlier where operation.state != .finished {
            try barrierOperation.addDependency(unsafeDowncast(operation, to: ActorOperation.self))
        }
        try enqueue(barrierOperation)
    }

    private func validate(_ operation: ActorOperation) throws(QueueError) {
        if operation.state == .finished { throw .alreadyFinished(operation.label) }
        if operation.isClaimed { throw .alreadyEnqueued(operation.label) }
    }

    private func enqueue(_ operation: ActorOperation) throws(QueueError) {
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
