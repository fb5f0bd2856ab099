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
        events.reserveCapacity(capacity)
    }

    /// Appends, or counts a drop when full; queue declarations always go in.
    @inline(__always)
    mutating func append(_ event: RecorderEvent) {
        if events.count >= capacity && event.kind != .queue {
            dropped += 1
        } else {
            events.append(event)
        }
    }

    /// Hands the events to the writer, leaving `spare` (emptied, its capacity kept) in their place.
    mutating func take(leaving spare: inout [RecorderEvent]) -> (events: [RecorderEvent], dropped: Int, stop: Bool) {
        spare.removeAll(keepingCapacity: true)
        swap(&events, &spare)
        return (spare, dropped, stopping)
    }
}
