import Foundation
import QueueLabCore

/// Every wait of the protocol that covers an operation. The unbounded queue-wide wait is left out:
/// a queue that never returns from it could only be abandoned, and its bounded form is the same
/// promise. The unbounded batch wait is made on a thread of its own, watched with a bound.
enum CoveringWait: CaseIterable, CustomStringConvertible {
    case queueWide
    case operation
    case batchBounded
    case batchUnbounded

    var description: String {
        switch self {
        case .queueWide: "waitUntilAllOperationsAreFinished(timeout:)"
        case .operation: "waitUntilFinished(timeout:)"
        case .batchBounded: "addOperations(_:waitUntilFinishedWithin:)"
        case .batchUnbounded: "addOperations(_:waitUntilFinished: true)"
        }
    }

    /// Whether the wait is made on a thread of its own (it adds, then blocks).
    var addsItself: Bool { self == .batchBounded || self == .batchUnbounded }
}

/// What a wait made on another thread returned, and the state of the covered operation just after.
final class WaitReturn: Sendable {
    private let stored = Locked<(Result<WaitOutcome, QueueError>, OperationState)?>(nil)
    let returned = Gate()

    func set(_ outcome: Result<WaitOutcome, QueueError>, targetState: OperationState) {
        stored.withLock { $0 = (outcome, targetState) }
        returned.open()
    }

    var result: (Result<WaitOutcome, QueueError>, OperationState)? { stored.withLock { $0 } }
}
