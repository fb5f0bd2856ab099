import Foundation
import QueueLabCore

/// How a starved `veryLow` operation of `priority.no-starvation` becomes ready. The wait is timed
/// from the return of the step, which is never earlier than the moment it became ready.
enum StarvedArrival: Int {
    /// `addOperation`.
    case single
    /// A batch with a `veryHigh` companion ahead of it.
    case batch
    /// Added waiting for a key operation, which then runs on a helper queue; timed from the moment
    /// the operation reads ready.
    case released
    /// Added at `normal` and lowered to `veryLow` at once (relisted); timed from the change.
    case lowered

    func bring<Q: OperationQueueing>(
        _ op: Q.Operation, to queue: Q, helper: Q?, timeline: StartTimeline, _ h: Harness<Q>
    ) throws {
        switch self {
        case .single:
            try queue.addOperation(op)
        case .lowered:
            op.queuePriority = .normal
            try queue.addOperation(op)
            op.queuePriority = .veryLow
        case .batch:
            let companion = Q.Operation(
                name: "\(op.name ?? "")-companion", priority: .veryHigh,
                body: .synchronous { companion in timeline.started(companion.name ?? "companion") })
            try queue.addOperations([companion, op], waitUntilFinished: false)
            timeline.noteAdded()
        case .released:
            guard let helper else { return try queue.addOperation(op) }
            let key = Q.Operation(name: "\(op.name ?? "")-key", priority: .normal, body: .synchronous { _ in })
            try op.addDependency(key)
            try queue.addOperation(op)
            try helper.addOperation(key)
            h.deadline.spin { op.state != .pending }
            guard op.state != .pending else {
                throw ScenarioAbort.stale(
                    "\(op.label) stayed pending after its only dependency finished: \(h.context.stallDescription)",
                    evidence: h.stallEvidence(first: nil))
            }
        }
    }
}
