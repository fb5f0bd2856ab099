/// The bounded buffer between the observer (any of the queue's threads) and the recorder's writer.
///
/// When it holds `capacity` events an append is dropped and counted, never waited for: a recorder
/// that fell behind (a slow disk) costs the recording its completeness, never the queue its
/// progress. The drops are written to the file (`d` lines) and readable as
/// ``QueueRecorder/droppedEvents``; an operation with a dropped event is not in the recording (a
/// replay then ignores dependencies on it and says how many).
struct RecorderBuffer: Sendable {
    let capacity: Int
    var batch = RecorderBatch()
    var dropped = 0
    var stopping = false

    init(capacity: Int) {
        self.capacity = capacity
        batch.events.reserveCapacity(Swift.min(capacity, 256))
    }

    /// Appends, or counts a drop when full. Returns true when
    /// this append filled the buffer to half: the writer should come now.
    @inline(__always)
    mutating func append(_ event: RecorderEvent, name: String?) -> Bool {
        if batch.events.count >= capacity {
            dropped += 1
            return false
        }
        batch.append(event, name: name)
        return batch.events.count == capacity / 2
    }

    /// Hands the events to the writer in `spare`, whose (empty) storage takes their place: no
    /// allocation under the stripe's lock, and none at all once both have grown to the traffic.
    mutating func take(swappingWith spare: inout RecorderBatch) -> (dropped: Int, stop: Bool) {
        swap(&batch, &spare)
        return (dropped, stopping)
    }
}
