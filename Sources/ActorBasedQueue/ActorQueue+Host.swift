import QueueLabCore
@_spi(QueueInternals) import QueueLabScheduling

extension ActorQueue {
    public func dependenciesReleased(_ operation: ScheduledOperation) -> Wakeup {
        post(.release(operation))
    }

    public func dependencyBlocked(_ operation: ScheduledOperation) {
        if post(.block(operation)) == .signal { drain() }
    }

    public func readinessDecided(_ operation: ScheduledOperation, isReady: Bool) -> Wakeup {
        post(.decide(operation, isReady: isReady))
    }

    public func priorityChanged(_ operation: ScheduledOperation) {
        if post(.reprioritize(operation)) == .signal { drain() }
    }

    public func effectivePriorityChanged(_ operation: ScheduledOperation) {
        guard policy.promises.contains(.priorityInheritance) else { return }
        if post(.reprioritize(operation)) == .signal { drain() }
    }

    public func heightRaised(_ operation: ScheduledOperation) {
        guard ranksByHeight else { return }
        if post(.reprioritize(operation)) == .signal { drain() }
    }

    public func asynchronousOperationFinished(_ operation: ScheduledOperation) -> Bool {
        guard operation.claimFinish() else { return false }
        // Recorded here, not on the actor: the state is already `finished`, and its delivery
        // takes the next sequence number after everything the actor recorded for it.
        if let delivery = operation.delivery {
            delivery.record(operation, .finished)
            delivery.deliver()
        }
        if post(.asynchronousFinish(operation)) == .signal { drain() }
        operation.completeFinish()
        return true
    }

    /// `.signal` here means "start a drain": the scheduler, not a parked thread, must be told.
    public func perform(_ wakeup: Wakeup) {
        if wakeup == .signal { drain() }
    }

    private func post(_ event: InboxEvent) -> Wakeup {
        inbox.lock.withLock { inbox.post(event) } ? .signal : .none
    }
}
