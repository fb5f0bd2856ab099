import QueueLabCore

/// The writer's side: gathers each operation's events until it finished, then makes its record.
/// Touched by the writer thread only.
struct RecordAssembler {
    private struct Partial {
        var queue: Int32 = -1
        var priority: QueuePriority = .normal
        var name: String?
        var added: UInt64?
        var started: UInt64?
        var cancelled: UInt64?
        var cpu: UInt64?
    }

    /// Dependencies noted (``QueueRecorder/noteDependencies(of:)``), by operation, until its record.
    private var dependencies: [UInt64: [UInt64]] = [:]

    /// Takes the dependencies noted since the last pass; call after taking the pass's events.
    mutating func merge(dependencies noted: [UInt64: [UInt64]]) {
        dependencies.merge(noted) { _, new in new }
    }

    private var open = InFlightTable<Partial>()
    /// `finished` events taken by the last pass, made into records by the next one (see
    /// ``RecorderStripes``: by then every event appended before them has been taken).
    private var finishing: [RecorderEvent] = []
    /// The pass before's `finishing` while this pass records it; then its storage becomes `finishing`'s.
    private var finishingNow: [RecorderEvent] = []
    /// Clock reading the recording's times count from.
    let origin: UInt64
    /// Operations that finished without their add in the buffer (it was dropped): not recorded.
    private(set) var incomplete = 0

    init(origin: UInt64) { self.origin = origin }

    /// Operations whose add was taken and whose record is not made yet. A count kept as they come
    /// and go, not a scan of `open`: `QueueRecorder.awaitFinishes` asks after every pass, and with
    /// events dropped `open` keeps operations that never finish (a scan of them was most of a
    /// profile of the overhead example: `results/README.md`, "Figures the documentation used to
    /// show").
    private(set) var inFlight = 0

    /// Appends to `out` the lines of the operations the last pass saw finish; `final` (the
    /// recorder is closing): also of those `batch` finishes.
    mutating func appendLines(for batch: RecorderBatch, final: Bool, to out: inout [UInt8]) {
        swap(&finishing, &finishingNow)
        finishing.removeAll(keepingCapacity: true)
        for event in batch.events {
            switch event.kind {
            case .added:
                let counted = open.update(event.id, default: Partial()) { partial in
                    guard partial.added == nil else { return false }
                    partial.added = event.time
                    partial.queue = event.queue
                    partial.priority = event.priority
                    partial.name = batch.name(of: event)
                    return true
                }
                if counted { inFlight += 1 }
            case .started:
                open.update(event.id, default: Partial()) { $0.started = event.time }
            case .cancelled:
                open.update(event.id, default: Partial()) { partial in
                    if partial.cancelled == nil { partial.cancelled = event.time }
                }
            case .ranOnCPU:
                open.update(event.id, default: Partial()) { $0.cpu = event.time }
            case .finished:
                finishing.append(event)
            }
        }
        // About 60 bytes a line.
        out.reserveCapacity(out.count + 64 * (finishingNow.count + (final ? finishing.count : 0)))
        for event in finishingNow { record(event, into: &out) }
        if final {
            for event in finishing { record(event, into: &out) }
            finishing.removeAll(keepingCapacity: true)
        }
    }

    /// The `o` line `finished` completes, or nothing when its add was never taken (dropped).
    private mutating func record(_ finished: RecorderEvent, into out: inout [UInt8]) {
        guard let partial = open.removeValue(forKey: finished.id), let added = partial.added else {
            incomplete += 1
            return
        }
        inFlight -= 1
        let started = Swift.max(partial.started ?? finished.time, added)
        let record = RecordedOperation(
            id: finished.id, queue: Int(partial.queue), priority: partial.priority, added: added &- origin,
            wait: started &- added, body: finished.time > started ? finished.time &- started : 0, cpu: partial.cpu,
            cancelledAfter: partial.cancelled.map { $0 > added ? $0 &- added : 0 },
            dependencies: dependencies.isEmpty ? [] : dependencies.removeValue(forKey: finished.id) ?? [],
            name: partial.name)
        record.appendLine(to: &out)
    }
}
