import Foundation

/// An `NSLock` with a scoped `withLock`: ThreadSanitizer on Linux sees it (it does not see `Mutex`).
final class Lock: @unchecked Sendable {
    // @unchecked Sendable: NSLock is thread-safe; the class adds no state.
    private let lock = NSLock()

    @inline(__always)
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
