import Foundation
import QueueLabCore

extension FifoPoolQueue {
    public func waitUntilAllOperationsAreFinished() { _ = waitUntilEmpty(until: nil) }

    /// On time-out, the report lists what is still unfinished and on which dependencies it waits.
    public func waitUntilAllOperationsAreFinished(timeout: Duration) -> WaitOutcome {
        if waitUntilEmpty(until: PoolLock.deadline(after: timeout)) { return .finished }
        return .timedOut(StallReport(queueName: name, isSuspended: isSuspended, operations: operations))
    }

    /// Whether the queue emptied before `deadline` (nil: no deadline).
    private func waitUntilEmpty(until deadline: Date?) -> Bool {
        PoolLock.withLock {
            waiters += 1
            defer { waiters -= 1 }
            while members.count > 0 {
                if !PoolLock.wait(until: deadline) { return members.count == 0 }
            }
            return true
        }
    }
}
