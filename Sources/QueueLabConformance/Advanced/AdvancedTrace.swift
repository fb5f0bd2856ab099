import Foundation
import QueueLabCore

/// One thing the advanced checks saw: a body starting or ending, an observer call, a condition
/// evaluated. Recorded by the suite's own bodies, observers and conditions, never by the layer.
struct AdvancedEvent: Sendable, CustomStringConvertible {
    enum Kind: Sendable, Equatable {
        case bodyStart
        /// `sawCancel` and `sawFinished` are the operation's flags read at the end of its body.
        case bodyEnd(sawCancel: Bool, sawFinished: Bool)
        case didStart
        case didProduce(OperationID)
        case didFinish(errors: Int)
        case conditionEvaluated
    }

    let sequence: Int
    let operation: OperationLabel
    let kind: Kind
    let categories: [String]

    var description: String {
        let what: String
        switch kind {
        case .bodyStart: what = "body start" + (categories.isEmpty ? "" : " [\(categories.joined(separator: ","))]")
        case .bodyEnd(let cancel, let finished): what = "body end (cancelled=\(cancel), finished=\(finished))"
        case .didStart: what = "observer: did start"
        case .didProduce(let other): what = "observer: did produce \(other)"
        case .didFinish(let errors): what = "observer: did finish (\(errors) errors)"
        case .conditionEvaluated: what = "condition evaluated"
        }
        return "#\(sequence) \(operation) \(what)"
    }
}

/// The thread-safe list of ``AdvancedEvent``s of one scenario run.
final class AdvancedTrace: Sendable {
    private let events = Locked<[AdvancedEvent]>([])
    /// Told of every event: what the check's stall deadline counts as progress.
    private let progress: ProgressWatch

    init(progress: ProgressWatch) { self.progress = progress }

    func record(_ kind: AdvancedEvent.Kind, _ operation: OperationLabel, categories: [String] = []) {
        events.withLockWakingWaiters { events in
            events.append(
                AdvancedEvent(sequence: events.count, operation: operation, kind: kind, categories: categories))
        }
        progress.note()
    }

    var snapshot: [AdvancedEvent] { events.withLock { $0 } }

    /// Waits until `predicate` holds for the trace or `deadline` passes; returns whether it held.
    func wait(until deadline: Deadline, _ predicate: ([AdvancedEvent]) -> Bool) -> Bool {
        events.wait(until: deadline) { predicate($0) ? true : nil } ?? false
    }

    func bodyStarted(_ id: OperationID, before deadline: Deadline) -> Bool {
        wait(until: deadline) { Self.hasBodyStart(id, in: $0) }
    }

    /// Whether `id`'s body has started, now (no waiting, no copy of the trace).
    func bodyHasStarted(_ id: OperationID) -> Bool { events.withLock { Self.hasBodyStart(id, in: $0) } }

    private static func hasBodyStart(_ id: OperationID, in events: [AdvancedEvent]) -> Bool {
        events.contains { $0.operation.id == id && $0.kind == .bodyStart }
    }
}
