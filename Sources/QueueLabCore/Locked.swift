import Foundation

/// A value behind an `NSLock`, for QueueLab's own bookkeeping off the queues' hot paths.
///
/// Chosen over `Synchronization.Mutex` because ThreadSanitizer on Linux sees `NSLock` and does not
/// see `Mutex`: every value guarded by a `Mutex` and touched from two threads is a reported race in
/// a TSan run, which CI rightly fails. `package`: shared by QueueLab's modules, not its API.
package final class Locked<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is read and written only inside `withLock`, under `lock`.
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    package func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
