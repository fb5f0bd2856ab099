import QueueLabCore

extension FifoPoolQueue {
    public func addOperation(_ operation: FifoPoolOperation) throws(QueueError) {
        try addOperations([operation], waitUntilFinished: false)
    }

    /// All or none: every operation is checked before any is added.
    public func addOperations(_ operations: [FifoPoolOperation], waitUntilFinished: Bool) throws(QueueError) {
        let aftermath = try PoolLock.withLock { () throws(QueueError) -> Aftermath in
            var batch = Set<ObjectIdentifier>()
            for operation in operations {
                try Self.checkAddableLocked(operation)
                guard batch.insert(ObjectIdentifier(operation)).inserted else {
                    throw .alreadyEnqueued(operation.label)
                }
            }
            var aftermath = Aftermath()
            for operation in operations { addLocked(operation, &aftermath) }
            aftermath.startWorkers(workersWantedLocked(), for: self)
            return aftermath
        }
        aftermath.perform()
        if waitUntilFinished {
            for operation in operations { operation.waitUntilFinished() }
        }
    }

    public func addOperation(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        try addOperation(FifoPoolOperation(name: nil, priority: .normal, body: .synchronous { _ in block() }))
    }

    /// Not offered (no `.barriers` in ``capabilities``): a barrier would need hidden dependencies on
    /// every operation before it and from every one after it.
    public func addBarrierBlock(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        throw .unsupported("barriers (fifo-pool does not offer addBarrierBlock)")
    }

    private static func checkAddableLocked(_ operation: FifoPoolOperation) throws(QueueError) {
        if operation.queue != nil { throw .alreadyEnqueued(operation.label) }
        switch operation.lockedState {
        case .finished: throw .alreadyFinished(operation.label)
        case .executing: throw .alreadyStarted(operation.label)
        case .pending, .ready: break
        }
    }

    /// - Complexity: O(1).
    private func addLocked(_ operation: FifoPoolOperation, _ aftermath: inout Aftermath) {
        operation.queue = self
        operation.observer = observer
        members.append(operation)
        if operation.lockedCancelled || operation.unfinishedDependencies == 0 {
            makeReadyLocked(operation, &aftermath)
        } else {
            aftermath.report(.pending, of: operation)
        }
    }
}
