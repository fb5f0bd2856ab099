import Foundation

/// One stripe of the recorder's buffer: a ``RecorderBuffer`` behind its own `NSLock`. Written here
/// rather than with QueueLabCore's `Locked` so that the append is specialised for the event: the
/// generic `withLock` of another module copied each event through the runtime's value witnesses
/// (retain and release were 12 % of a profile of `noop` with the recorder).
final class RecorderStripe: @unchecked Sendable {
    // @unchecked Sendable: `buffer` is read and written only between `lock.lock()` and
    // `lock.unlock()`, in the four members below; `lock` itself is thread-safe.
    private let lock = NSLock()
    private var buffer: RecorderBuffer

    init(capacity: Int) { buffer = RecorderBuffer(capacity: capacity) }

    /// Appends, or counts a drop; true when the buffer reached half its capacity.
    @inline(__always)
    func append(_ event: RecorderEvent) -> Bool {
        lock.lock()
        let half = buffer.append(event)
        lock.unlock()
        return half
    }

    func take(replacingWith fresh: [RecorderEvent]) -> (events: [RecorderEvent], dropped: Int, stop: Bool) {
        lock.lock()
        defer { lock.unlock() }
        return buffer.take(replacingWith: fresh)
    }

    var dropped: Int {
        lock.lock()
        defer { lock.unlock() }
        return buffer.dropped
    }

    func stop() {
        lock.lock()
        buffer.stopping = true
        lock.unlock()
    }
}
