import Foundation

/// A value behind a lock, for QueueLab's own bookkeeping off the queues' hot paths, with bounded
/// waits for a change of it.
///
/// Chosen over `Synchronization.Mutex` because ThreadSanitizer on Linux sees `NSCondition` (a
/// pthread mutex and condition variable) and does not see `Mutex`: every value guarded by a `Mutex`
/// and touched from two threads is a reported race in a TSan run, which CI rightly fails.
/// `package`: shared by QueueLab's modules, not its API.
///
/// The one lock-guarded value of QueueLab's modules: a class whose fields share one lock keeps
/// them in one `Locked` struct, so that no field can be reached without the lock, and a thread that
/// waits for a field to change waits here (``wait(until:for:)``), woken by the section that changed
/// it (``withLockWakingWaiters(_:)``). `Locked(())` is a plain lock, for a section that guards an
/// effect rather than a value (its `withLock` takes a closure without arguments). The queues' own
/// locks (`PThreadMutex` and friends) are not this type: they are measured, and written for their
/// path.
package final class Locked<Value> {
    /// The lock, and what waiters wait on: its lock is the pthread mutex an `NSLock` would be, and
    /// only the sections that say they wake waiters broadcast.
    private let condition = NSCondition()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    package func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
        condition.lock()
        defer { condition.unlock() }
        return try body(&value)
    }

    /// `body` under the lock, then every thread in ``wait(until:for:)`` looks at the value again:
    /// for a section that makes a change someone may be waiting for.
    package func withLockWakingWaiters<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return try body(&value)
    }

    /// Waits until `ready`, run under the lock at once and after every wake-up, returns what it
    /// waited for, or until `deadline` passed (nil). The lock is released while waiting, never
    /// while `ready` runs, so what `ready` sees and returns is one consistent state.
    package func wait<T>(until deadline: Deadline, for ready: (inout Value) -> T?) -> T? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let found = ready(&value) { return found }
            guard deadline.wait(on: condition) else { return nil }
        }
    }
}

extension Locked where Value == Void {
    /// A section that guards an effect. It never forms an access to the empty `value`: at `-Onone`
    /// ThreadSanitizer reports that zero-sized access, made under the lock, as a race with the
    /// read of the object's metadata pointer that every call of the generic `withLock` makes
    /// before it locks, at the same address. The pointer never changes after `init`, so the
    /// report is false, but a report fails the TSan run; a section without the access has none.
    package func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }
}

// @unchecked Sendable, and only when `Value` is Sendable (as swift-nio's NIOLockedValueBox): the
// stored `value` is private and reached only inside `withLock`, `withLockWakingWaiters` and the
// `ready` of `wait`, each between `lock()` and `unlock()` of the one `NSCondition` (whose `wait`
// releases the lock only while the thread sleeps, between two runs of `ready`), so no two threads
// ever touch it at once and each section sees every write of the one before it; `condition` is
// immutable and NSCondition is thread-safe. What a section hands out (its
// result, or a copy of the value) then crosses threads, which is safe because `Value` is Sendable.
// A non-Sendable value (say, a class another thread could go on using outside the lock) would
// escape the lock that way, so for it the box is not Sendable, and a holder that shares it
// anyway must prove why, next to its own `@unchecked Sendable`.
extension Locked: @unchecked Sendable where Value: Sendable {}
