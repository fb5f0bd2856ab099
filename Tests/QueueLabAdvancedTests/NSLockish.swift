import Foundation

final class NSLockish: @unchecked Sendable {
    // @unchecked Sendable: NSLock is thread-safe.
    private let lock = NSLock()
    func with<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
