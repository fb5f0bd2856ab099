import QueueLabCore
@_spi(QueueInternals) import QueueLabScheduling

extension ActorQueue {
    public func waitUntilAllOperationsAreFinished() {
        inbox.lock.lock()
        inbox.allFinishedWaiters += 1
        while inbox.members.count > 0 { inbox.allFinished.wait(inbox.lock) }
        inbox.allFinishedWaiters -= 1
        inbox.lock.unlock()
    }

    public func waitUntilAllOperationsAreFinished(timeout: Duration) -> WaitOutcome {
        let deadline = MonotonicClock.now() &+ timeout.nanoseconds
        inbox.lock.lock()
        inbox.allFinishedWaiters += 1
        while inbox.members.count > 0, MonotonicClock.now() < deadline {
            inbox.allFinished.wait(inbox.lock, until: deadline)
        }
        inbox.allFinishedWaiters -= 1
        let stuck = inbox.members.count > 0 ? inbox.members.snapshot() : []
        let suspended = inbox.isSuspended
        inbox.lock.unlock()
        if stuck.isEmpty { return .finished }
        let operations = stuck.map { unsafeDowncast($0, to: ActorOperation.self) }
        return .timedOut(StallReport(queueName: name, isSuspended: suspended, operations: operations))
    }

}
