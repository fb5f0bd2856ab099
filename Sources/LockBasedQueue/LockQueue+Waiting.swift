import QueueLabCore
@_spi(QueueInternals) import QueueLabScheduling

extension LockQueue {
    public func waitUntilAllOperationsAreFinished() {
        lock.lock()
        allFinishedWaiters += 1
        while members.count > 0 { allFinished.wait(lock) }
        allFinishedWaiters -= 1
        lock.unlock()
    }

    public func waitUntilAllOperationsAreFinished(timeout: Duration) -> WaitOutcome {
        let deadline = MonotonicClock.now() &+ timeout.nanoseconds
        lock.lock()
        allFinishedWaiters += 1
        while members.count > 0, MonotonicClock.now() < deadline {
            allFinished.wait(lock, until: deadline)
        }
        allFinishedWaiters -= 1
        let stuck = members.count > 0 ? members.snapshot() : []
        let suspended = machine.isSuspended
        lock.unlock()
        if stuck.isEmpty { return .finished }
        let operations = stuck.map { unsafeDowncast($0, to: LockOperation.self) }
        return .timedOut(StallReport(queueName: name, isSuspended: suspended, operations: operations))
    }
}
