import QueueLabCore

/// The observer a ``QueueRecorder`` installs on one queue: each transition becomes one append to
/// the recorder's buffer (``RecorderBuffer``), nothing more, on whatever thread delivers it.
final class RecordingTap: StateObserver {
    let buffer: RecorderStripes
    let queue: Int32
    let bodyClock: QueueRecorder.BodyClock

    init(buffer: RecorderStripes, queue: Int32, bodyClock: QueueRecorder.BodyClock) {
        self.buffer = buffer
        self.queue = queue
        self.bodyClock = bodyClock
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
        // delivery: taking the transition's time made every recorded body of `open` longer by the
        // delivery (`results/explain/README.md`, "Replay fidelity: missed, and why").
        let time = kind == .started ? MonotonicClock.now() : transition.timestamp
        if bodyClock == .threadCPU { noteCPU(kind, transition) }
        let event = RecorderEvent(
            id: transition.operation.rawValue, time: time, queue: queue, name: RecorderEvent.noName, kind: kind,
            priority: transition.priority)
        buffer.append(event, name: kind == .added ? transition.name : nil, thread: transition.thread)
    }

    /// ``QueueRecorder/BodyClock/threadCPU``: the body's CPU time, read on the thread that ran it,
    /// which is where QueueLab's queues deliver `executing` (the worker waits for it before the
    /// body) and usually `finished`; a body whose start or finish is delivered on another thread
    /// keeps its wall time alone. The CPU time goes into the buffer before the `finished` event, on
    /// the same stripe, so the writer has it when it makes the record.
    private func noteCPU(_ kind: RecorderEvent.Kind, _ transition: StateTransition) {
        guard kind == .started || kind == .finished, transition.thread == ThreadIdentity.current() else { return }
        let operation = transition.operation.rawValue
        guard kind == .finished else {
            ThreadCPUClock.noteStart(of: operation)
            return
        }
        guard let cpu = ThreadCPUClock.sinceStart(of: operation) else { return }
        let event = RecorderEvent(
            id: operation, time: cpu, queue: queue, name: RecorderEvent.noName, kind: .ranOnCPU,
            priority: transition.priority)
        buffer.append(event, name: nil, thread: transition.thread)
    }
}
