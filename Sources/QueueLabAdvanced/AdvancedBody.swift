import QueueLabCore

/// The work of an ``AdvancedOperation``.
public enum AdvancedBody<Q: OperationQueueing>: Sendable {
    /// Finished when the closure returns; a thrown error becomes the operation's error.
    case synchronous(@Sendable (AdvancedOperation<Q>) throws -> Void)
    /// Starts work and returns; the operation executes (holding its width slot and its
    /// exclusivity categories) until someone calls ``AdvancedOperation/finish(errors:)``.
    case asynchronous(@Sendable (AdvancedOperation<Q>) -> Void)

    var isAsynchronous: Bool {
        if case .asynchronous = self { return true }
        return false
    }
}

/// Where an ``AdvancedOperation`` is in its life. Phases only move forward.
public enum AdvancedPhase: UInt8, Sendable, Comparable, CustomStringConvertible {
    /// Not in a queue yet.
    case created
    /// In a queue, waiting for its dependencies.
    case pending
    /// Its dependencies finished; its conditions are being evaluated.
    case evaluatingConditions
    /// Conditions passed; waiting until every category it needs is free.
    case waitingForExclusivity
    /// Everything granted; its underlying operation waits in the queue for a width slot.
    case scheduled
    /// The body runs (or asynchronous work it started has not finished).
    case executing
    /// The work is over; the finish observers run.
    case finishing
    /// Terminal.
    case finished

    public static func < (lhs: AdvancedPhase, rhs: AdvancedPhase) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .created: "created"
        case .pending: "pending"
        case .evaluatingConditions: "evaluating conditions"
        case .waitingForExclusivity: "waiting for exclusivity"
        case .scheduled: "scheduled"
        case .executing: "executing"
        case .finishing: "finishing"
        case .finished: "finished"
        }
    }

    /// The plain state a report shows for this phase.
    public var operationState: OperationState {
        switch self {
        case .created, .pending, .evaluatingConditions, .waitingForExclusivity: .pending
        case .scheduled: .ready
        case .executing, .finishing: .executing
        case .finished: .finished
        }
    }
}
