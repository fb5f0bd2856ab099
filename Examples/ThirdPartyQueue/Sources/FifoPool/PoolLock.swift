import Foundation

/// The one lock behind every fifo-pool queue and operation, with the condition bounded waits sleep on.
///
/// One lock for all of them, not one per queue: a dependency between operations of two queues then
/// needs no lock ordering, which keeps the queue small and obviously free of deadlocks. The price is
/// that queues contend with each other; a queue meant for many busy queues at once would take one
/// lock per queue and order them. `NSCondition` rather than `Synchronization.Mutex`: ThreadSanitizer
/// on Linux sees the pthread mutex underneath it, and waits need a condition variable anyway.
///
/// Nothing runs under it but bookkeeping: bodies, completion handlers and observers run after
/// `unlock` (see ``Aftermath``).
enum PoolLock {
    static let condition = NSCondition()

    static func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }

    /// Sleeps, releasing the lock, until woken or `deadline`; false when the deadline passed.
    /// Callers hold the lock and re-check their condition in a loop (wake-ups can be spurious).
    static func wait(until deadline: Date?) -> Bool {
        guard let deadline else {
            condition.wait()
            return true
        }
        return condition.wait(until: deadline)
    }

    /// Wakes every sleeper; called only when some waiter counts say someone waits for what changed.
    static func wakeWaiters() { condition.broadcast() }

    static func deadline(after timeout: Duration) -> Date {
        let (seconds, attoseconds) = timeout.components
        return Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18)
    }
}
