import QueueLabCore

/// The observer a ``QueueRecorder`` installs on one queue: each transition becomes one append to
/// the recorder's buffer (``RecorderBuffer``), nothing more, on whatever thread delivers it.
final class RecordingTap: StateObserver {
    let buffer: RecorderStripes
    let queue: Int32

    init(buffer: RecorderStripes, queue: Int32) {
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
        // `executing` is delivered before the body starts (the worker waits for it: StateObserver's
        // promise), so now is the body's start, closer than the transition's own time by the
        // delivery: taking the transition's time made every recorded body of `open` 38 µs longer
        // on average (88 µs for a mean of 50).
        let time = kind == .started ? MonotonicClock.now() : transition.timestamp
        let event = RecorderEvent(
            id: transition.operation.rawValue, time: time, queue: queue, name: RecorderEvent.noName, kind: kind,
            priority: transition.priority)
        buffer.append(event, name: kind == .added ? transition.name : nil, thread: transition.thread)
    }
}
