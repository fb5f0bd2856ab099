import QueueLabCore

/// What QueueLab's two queues have in common above their scheduling: how operations, batches,
/// blocks and barriers are added. A queue provides the two steps that touch its own state.
public protocol ScheduledQueue: OperationQueueing where Operation: ScheduledQueueOperation {
    /// Claims the operation for this queue and hands it to the scheduler.
    ///
    /// - Throws: ``QueueError/alreadyEnqueued(_:)`` or ``QueueError/alreadyFinished(_:)`` when
    ///   another add won the claim.
    func enqueue(_ operation: Operation) throws(QueueError)

    /// The newest barrier, if any (it may have finished).
    var newestBarrier: Operation? { get }

    /// Makes `barrier` the newest barrier and returns the members added before it, atomically
    /// with respect to adds.
    func installBarrier(_ barrier: Operation) -> [ScheduledOperation]
}

extension ScheduledQueue {
    public func addOperation(_ operation: Operation) throws(QueueError) {
        try validate(operation)
        if let barrier = newestBarrier, barrier.state != .finished {
            try operation.addDependency(barrier)
        }
        try enqueue(operation)
    }

    /// Validates every operation before adding any, so misuse adds none of them.
    public func addOperations(_ operations: [Operation], waitUntilFinished: Bool) throws(QueueError) {
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
        try addOperation(Operation(name: nil, priority: .normal, body: .synchronous { _ in block() }))
    }

    /// A barrier is an operation that waits for every unfinished member added before it; adds made
    /// while it is unfinished wait for it in turn.
    ///
    /// - Complexity: O(n) edges for n unfinished members, each O(1).
    public func addBarrierBlock(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        let barrier = Operation(name: "barrier", priority: .normal, body: .synchronous { _ in block() })
        for operation in installBarrier(barrier) where operation.state != .finished {
            try barrier.addDependency(unsafeDowncast(operation, to: Operation.self))
        }
        try enqueue(barrier)
    }

    private func validate(_ operation: Operation) throws(QueueError) {
        if operation.state == .finished { throw .alreadyFinished(operation.label) }
        if operation.isClaimed { throw .alreadyEnqueued(operation.label) }
    }
}
