import QueueLabCore

/// Every `open` operation's timestamps, one slot per operation in preallocated buffers: a body
/// stores two clock readings and nothing else, so recording costs no lock, no histogram and no
/// allocation while the schedule runs; the figures are computed after the queue drained.
final class ArrivalTimeline: @unchecked Sendable {
    // Safe to share: slot i of `enqueued` is written once, by the generator thread, before it adds
    // operation i; slots i of `started` and `finished` are written once, by operation i's body. All
    // are read only after `waitUntilAllOperationsAreFinished` returned, which orders every body
    // (and every add before it) before the read. No slot is written by two threads.
    let count: Int
    let enqueued: UnsafeMutableBufferPointer<UInt64>
    let started: UnsafeMutableBufferPointer<UInt64>
    let finished: UnsafeMutableBufferPointer<UInt64>

    init(count: Int) {
        self.count = count
        enqueued = .allocate(capacity: count)
        started = .allocate(capacity: count)
        finished = .allocate(capacity: count)
        // Written now, before the timed phase: first-touch page faults land here, not in a body.
        enqueued.initialize(repeating: 0)
        started.initialize(repeating: 0)
        finished.initialize(repeating: 0)
    }

    deinit {
        enqueued.deallocate()
        started.deallocate()
        finished.deallocate()
    }
}
