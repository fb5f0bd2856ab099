import Foundation

/// An `NSLock` with a scoped `withLock`, visible to ThreadSanitizer (unlike `Mutex` on Linux).
final class NSLockBox: @unchecked Sendable {
    // @unchecked Sendable: NSLock is thread-safe; the class adds no state.
    private let lock = NSLock()

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
