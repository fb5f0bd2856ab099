import QueueLabCore

extension FifoPoolOperation {
    /// - Complexity: O(1): one counter and one entry in `operation`'s dependents.
    ///
    /// fifo-pool does not search for cycles (it does not declare `.cycleRejection`): the members of
    /// a cycle wait forever, as in Foundation, until one of them is cancelled.
    public func addDependency(_ operation: FifoPoolOperation) throws(QueueError) {
        let aftermath = try PoolLock.withLock { () throws(QueueError) -> Aftermath in
            var aftermath = Aftermath()
            switch lockedState {
            case .executing: throw .alreadyStarted(label)
            case .finished: throw .alreadyFinished(label)
            case .pending, .ready: break
            }
            guard dependencyIDs.insert(ObjectIdentifier(operation)).inserted else { return aftermath }
            lockedDependencies.append(operation)
            guard operation.lockedState != .finished else { return aftermath }
            unfinishedDependencies += 1
            operation.dependents.append(self)
            // Ready and not cancelled, in a queue: back to waiting. Its FIFO entry goes stale.
            if lockedState == .ready && !lockedCancelled {
                lockedState = .pending
                aftermath.report(.pending, of: self)
            }
            return aftermath
        }
        aftermath.perform()
    }

    /// - Complexity: O(d), d the dependencies of this operation and the dependents of `operation`.
    public func removeDependency(_ operation: FifoPoolOperation) {
        let aftermath = PoolLock.withLock {
            var aftermath = Aftermath()
            guard dependencyIDs.remove(ObjectIdentifier(operation)) != nil else { return aftermath }
            lockedDependencies.removeAll { $0 === operation }
            guard let index = operation.dependents.firstIndex(where: { $0 === self }) else { return aftermath }
            operation.dependents.remove(at: index)
            unfinishedDependencies -= 1
            if unfinishedDependencies == 0 && lockedState == .pending, let queue {
                queue.makeReadyLocked(self, &aftermath)
            }
            return aftermath
        }
        aftermath.perform()
    }
}
