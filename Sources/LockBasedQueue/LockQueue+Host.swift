import QueueLabCore
@_spi(QueueInternals) import QueueLabScheduling

extension LockQueue {
    public func dependenciesReleased(_ operation: ScheduledOperation) -> Wakeup {
        lock.withLock {
            let wasWaiting = operation.placement == .waiting || operation.placement == .unplaced
            let wakeup = machine.release(operation)
            if wasWaiting { record(operation.enter(.ready)) }
            return wakeup
        }
    }

    public func dependencyBlocked(_ operation: ScheduledOperation) {
        lock.withLock {
            if machine.block(operation) { record(operation.enter(.pending)) }
        }
    }

    public func readinessDecided(_ operation: ScheduledOperation, isReady: Bool) -> Wakeup {
        lock.withLock {
            // A release or a cancel may have placed the operation already (it may even be running).
            guard operation.placement == .unplaced else { return .none }
            let wakeup = machine.enqueue(operation, isReady: isReady)
            record(operation.enter(isReady ? .ready : .pending))
            return wakeup
        }
    }

    public func priorityChanged(_ operation: ScheduledOperation) {
        lock.withLock { machine.reprioritize(operation) }
    }

    public func effectivePriorityChanged(_ operation: ScheduledOperation) {
        guard policy.promises.contains(.priorityInheritance) else { return }
        lock.withLock { machine.reprioritize(operation) }
    }

    public func heightRaised(_ operation: ScheduledOperation) {
        guard ranksByHeight else { return }
        lock.withLock { machine.reprioritize(operation) }
    }

    public func asynchronousOperationFinished(_ operation: ScheduledOperation) -> Bool {
        lock.lock()
        guard operation.placement == .executing else {
            lock.unlock()
            return false
        }
        let (retirement, wakeup) = retire(operation)
        lock.unlock()
        retirement.complete(on: self)
        start(wakeup)
        return true
    }

    public func perform(_ wakeup: Wakeup) {
        flushTransitions()
        start(wakeup)
    }

    func perform(_ wakeups: [Wakeup]) {
        for wakeup in wakeups { start(wakeup) }
    }

    /// Lock held: notes a delivery that a transition was recorded into, for once the lock is released.
    func record(_ delivery: TransitionDelivery?) {
        undelivered.note(delivery)
    }

    func flushTransitions() {
        let deliveries = lock.withLock { () -> PendingDeliveries in
            defer { undelivered = PendingDeliveries() }
            return undelivered
        }
        deliveries.deliver()
    }
}
