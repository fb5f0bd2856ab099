import Foundation

/// One stripe of the recorder's buffer: a ``RecorderBuffer`` behind its own `NSLock`, and the
/// spare batch the writer swaps in at each take. Written here rather than with QueueLabCore's
/// `Locked` so that the append is specialised for the event.
final class RecorderStripe: @unchecked Sendable {
    // @unchecked Sendable: `buffer` is read and written only between `lock.lock()` and
    // `lock.unlock()`. `spare` is touched only by `take(into:)`, which only the writer thread calls
    // (QueueRecorder's write loop), so never by two threads; `lock` itself is thread-safe. For the
    // same reasons no two accesses to either ever overlap, so the runtime's exclusivity check is
    // left out (it was a third of the observer's instructions per transition: callgrind, `noop`).
    private let lock = NSLock()
    @exclusivity(unchecked) private var buffer: RecorderBuffer
    @exclusivity(unchecked) private var spare = RecorderBatch()

    init(capacity: Int) {
        buffer = RecorderBuffer(capacity: capacity)
        spare.events.reserveCapacity(Swift.min(capacity, 256))
    }

    /// Appends, or counts a drop; true when the buffer reached half its capacity.
    @inline(__always)
    func append(_ event: RecorderEvent, name: String?) -> Bool {
        lock.lock()
        let half = buffer.append(event, name: name)
        lock.unlock()
        return half
    }

    /// Writer thread only: moves the stripe's events to the end of `batch`. Keeps both batches'
    /// storage, so a stripe holds up to twice the largest batch it saw (at most `capacity` events
    /// each, 32 bytes an event).
    func take(into batch: inout RecorderBatch) -> (dropped: Int, stop: Bool) {
        lock.lock()
        let taken = buffer.take(swappingWith: &spare)
        lock.unlock()
        batch.append(contentsOf: spare)
        spare.removeAll()
        return taken
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
