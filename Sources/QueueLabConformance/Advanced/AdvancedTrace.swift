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
final class AdvancedTrace: @unchecked Sendable {
    // @unchecked Sendable: `events` is only touched while `condition` is locked.
    private let condition = NSCondition()
    private var events: [AdvancedEvent] = []
    /// Told of every event: what the check's stall deadline counts as progress.
    private let progress: ProgressWatch

    init(progress: ProgressWatch) { self.progress = progress }

    func record(_ kind: AdvancedEvent.Kind, _ operation: OperationLabel, categories: [String] = []) {
        condition.lock()
        events.append(AdvancedEvent(sequence: events.count, operation: operation, kind: kind, categories: categories))
        condition.broadcast()
        condition.unlock()
        progress.note()
    }

    var snapshot: [AdvancedEvent] {
        condition.lock()
        defer { condition.unlock() }
        return events
    }

    /// Waits until `predicate` holds for the trace or `deadline` passes; returns whether it held.
    func wait(until deadline: Deadline, _ predicate: ([AdvancedEvent]) -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !predicate(events) {
            let left = deadline.remaining
            if left == .zero { return false }
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(left.nanoseconds) / 1e9))
        }
        return true
    }

    func bodyStarted(_ id: OperationID, before deadline: Deadline) -> Bool {
        wait(until: deadline) { Self.hasBodyStart(id, in: $0) }
    }

    /// Whether `id`'s body has started, now (no waiting, no copy of the trace).
    func bodyHasStarted(_ id: OperationID) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return Self.hasBodyStart(id, in: events)
    }

    private static func hasBodyStart(_ id: OperationID, in events: [AdvancedEvent]) -> Bool {
        events.contains { $0.operation.id == id && $0.kind == .bodyStart }
    }
}
