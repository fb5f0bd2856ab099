import QueueLabCore

/// The queues a ``QueueRecorder`` is installed on, what it last wrote of each (suspended, width),
/// and their lines not yet written. Kept under the recorder's lock.
struct RecordedQueues {
    private struct Known {
        var index: Int
        var suspended = false
        var width: Int
        /// The queue itself, weakly: a queue freed and another made at its address must not
        /// inherit its index.
        weak var queue: (any OperationQueueing)?
    }

    private var known: [ObjectIdentifier: Known] = [:]
    private var count = 0
    private var pending: [UInt8] = []

    /// Declares a queue (its `q` line) and returns its index; a queue installed on again keeps its
    /// first index.
    mutating func install(_ queue: any OperationQueueing, name: String?, width: Int) -> Int {
        if let existing = known[ObjectIdentifier(queue)], existing.queue === queue { return existing.index }
        defer { count += 1 }
        known[ObjectIdentifier(queue)] = Known(index: count, width: width, queue: queue)
        pending += "q \(count) \(width) \(RecordingFormat.escape(name))\n".utf8
        return count
    }

    /// Writes a line for each of suspended and width that differs from what was written last.
    mutating func note(_ queue: any OperationQueueing, suspended: Bool, width: Int, at: UInt64) {
        guard var state = known[ObjectIdentifier(queue)], state.queue === queue else { return }
        if state.suspended != suspended {
            pending += RecordedQueueChange(queue: state.index, at: at, kind: .suspended(suspended)).line.utf8
            state.suspended = suspended
        }
        if state.width != width {
            pending += RecordedQueueChange(queue: state.index, at: at, kind: .width(width)).line.utf8
            state.width = width
        }
        known[ObjectIdentifier(queue)] = state
    }

    /// The lines written since the last take.
    mutating func takeLines() -> [UInt8] {
        defer { pending = [] }
        return pending
    }
}
