import QueueLabCore
import Synchronization

/// Sustained higher-priority load on a serial queue: one operation ready per level above
/// `veryLow`, each replaced, as it starts, by a new one of its level, until ``stop()``. The queue
/// always has higher work to pick, so a policy that never lets `veryLow` through starves it for
/// as long as the stream runs.
final class HigherPriorityStream<Q: OperationQueueing>: Sendable {
    static var levels: [QueuePriority] { [.veryHigh, .high, .normal, .low] }

    /// Weakly: stream work must not keep the queue alive once the check dropped it.
    private weak let queue: Q?
    private let timeline: StartTimeline
    private let progress: ProgressWatch
    private let bodyNanoseconds: UInt64
    private let feeding = Atomic<Bool>(true)
    private let serial = Atomic<Int>(0)
    /// An add that threw (the queue refused stream work): reported, the stream stops there.
    private let refusal = Locked<String?>(nil)

    init(queue: Q, timeline: StartTimeline, progress: ProgressWatch, bodyNanoseconds: UInt64) {
        self.queue = queue
        self.timeline = timeline
        self.progress = progress
        self.bodyNanoseconds = bodyNanoseconds
    }

    /// Adds the first operation of every level.
    func start() throws {
        for level in Self.levels { try add(level) }
    }

    /// No replacement is added from now on; what is queued drains.
    func stop() { feeding.store(false, ordering: .relaxed) }

    var refused: String? { refusal.withLock { $0 } }

    private func add(_ level: QueuePriority) throws {
        let index = serial.add(1, ordering: .relaxed).newValue
        guard let queue else { return }
        let op = Q.Operation(
            name: "s\(index)-\(level)", priority: level,
            body: .synchronous { [self] op in
                timeline.started(op.name ?? "stream")
                progress.note()
                if feeding.load(ordering: .relaxed) {
                    do { try add(level) } catch {
                        refusal.withLock { $0 = $0 ?? "adding stream work threw \(error)" }
                    }
                }
                MonotonicClock.spin(nanoseconds: bodyNanoseconds)
            })
        try queue.addOperation(op)
        timeline.noteAdded()
    }
}
