import QueueLabCore
import Synchronization

/// Where threads wait for one operation to finish. One condition for the process: waits on single
/// operations are rare, so a finishing operation pays one atomic load when nobody waits.
enum FinishSignal {
    static let lock = PThreadMutex()
    static let condition = PThreadCondition()
    static let waiters = Atomic<Int>(0)

    /// After an operation's state became `finished` (sequentially consistent store).
    static func operationFinished() {
        guard waiters.load(ordering: .sequentiallyConsistent) > 0 else { return }
        lock.withLock { condition.broadcast() }
    }

    static func wait(for operation: ScheduledOperation, deadline: UInt64?) -> Bool {
        waiters.add(1, ordering: .sequentiallyConsistent)
        defer { waiters.subtract(1, ordering: .sequentiallyConsistent) }
        lock.lock()
        defer { lock.unlock() }
        while operation.state != .finished {
            if let deadline {
                if !condition.wait(lock, until: deadline), operation.state != .finished,
                    MonotonicClock.now() >= deadline
                {
                    return false
                }
            } else {
                condition.wait(lock)
            }
        }
        return true
    }
}
