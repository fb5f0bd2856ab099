/// The bounded buffer between the observer (any of the queue's threads) and the recorder's writer.
///
/// When it holds `capacity` events an append is dropped and counted, never waited for: a recorder
/// that fell behind (a slow disk) costs the recording its completeness, never the queue its
/// progress. The drops are written to the file (`d` lines) and readable as
/// ``QueueRecorder/droppedEvents``; an operation with a dropped event is not in the recording (a
/// replay then ignores dependencies on it and says how many).
struct RecorderBuffer: Sendable {
    let capacity: Int
    var events: [RecorderEvent] = []
    var dropped = 0
    var stopping = false

    init(capacity: Int) {
        self.capacity = capacity
        events.reserveCapacity(Swift.min(capacity, 256))
    }

    /// Appends, or counts a drop when full. Returns true when
    /// this append filled the buffer to half: the writer should come now.
    @inline(__always)
    mutating func append(_ event: RecorderEvent) -> Bool {
        if events.count >= capacity {
            dropped += 1
            return false
        }
        events.append(event)
        return events.count == capacity / 2
    }

    /// Hands the events to the writer, leaving `fresh` in their place.
    mutating func take(replacingWith fresh: [RecorderEvent]) -> (events: [RecorderEvent], dropped: Int, stop: Bool) {
        let taken = events
        events = fresh
        return (taken, dropped, stopping)
    }
}
