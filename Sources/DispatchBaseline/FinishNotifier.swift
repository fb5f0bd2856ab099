import Foundation
import QueueLabCore
import Synchronization

/// One condition shared by every baseline operation, so that an operation costs no condition of
/// its own: finishing broadcasts only when somebody waits on an operation.
///
/// The waiter count and the finished state are both sequentially consistent, so either the
/// finisher sees the waiter (and broadcasts, under the lock the waiter holds until it sleeps), or
/// the waiter sees the finished state before it sleeps.
enum FinishNotifier {
    private static let condition = NSCondition()
    private static let waiters = Atomic<Int>(0)

    static func operationFinished() {
        guard waiters.load(ordering: .sequentiallyConsistent) > 0 else { return }
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    /// - Returns: whether `isFinished` held before `timeout` passed.
    static func wait(timeout: Duration, until isFinished: () -> Bool) -> Bool {
        waiters.add(1, ordering: .sequentiallyConsistent)
        defer { waiters.subtract(1, ordering: .sequentiallyConsistent) }
        let end = MonotonicClock.now().addingReportingOverflow(timeout.nanoseconds)
        let deadline = end.overflow ? UInt64.max : end.partialValue
        condition.lock()
        defer { condition.unlock() }
        while !isFinished() {
            let now = MonotonicClock.now()
            guard now < deadline else { return false }
            let seconds = min(Double(deadline - now) / 1e9, 86_400 * 365)
            _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
        }
        return true
    }
}
