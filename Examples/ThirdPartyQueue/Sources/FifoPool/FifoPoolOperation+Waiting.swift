import Foundation
import QueueLabCore

extension FifoPoolOperation {
    public func waitUntilFinished() { _ = wait(until: nil) }

    public func waitUntilFinished(timeout: Duration) -> Bool { wait(until: PoolLock.deadline(after: timeout)) }

    private func wait(until deadline: Date?) -> Bool {
        PoolLock.withLock {
            waiters += 1
            defer { waiters -= 1 }
            while lockedState != .finished {
                if !PoolLock.wait(until: deadline) { return lockedState == .finished }
            }
            return true
        }
    }
}
