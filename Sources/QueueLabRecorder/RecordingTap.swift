import QueueLabCore

/// The observer a ``QueueRecorder`` installs on one queue: each transition becomes one append to
/// the recorder's buffer (``RecorderBuffer``), nothing more, on whatever thread delivers it.
final class RecordingTap: StateObserver {
    let buffer: Locked<RecorderBuffer>
    let queue: Int32

    init(buffer: Locked<RecorderBuffer>, queue: Int32) {
        self.buffer = buffer
        self.queue = queue
    }

    func operationDidTransition(_ transition: StateTransition) {
        let kind: RecorderEvent.Kind
        switch transition.event {
        case .pending, .ready: kind = .added  // the first of them is the add; the writer keeps that one
        case .executing: kind = .started
        case .finished: kind = .finished
        case .cancelled: kind = .cancelled
        }
        let event = RecorderEvent(
            kind: kind, id: transition.operation.rawValue, time: transition.timestamp, queue: queue,
            priority: transition.priority, name: kind == .added ? transition.name : nil)
        buffer.withLock { $0.append(event) }
    }
}
