/// The lifecycle of an operation. Exactly one state holds at any instant and states only move forward.
///
/// Cancellation is orthogonal: see ``QueueOperation/isCancelled``.
public enum OperationState: UInt8, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// Waiting on unfinished dependencies (or not yet added to a queue).
    case pending
    /// Free to start: every dependency finished, or the operation was cancelled.
    case ready
    /// The body runs (a synchronous body) or the work it started has not reported `finish` yet.
    case executing
    /// Terminal.
    case finished

    public static func < (lhs: OperationState, rhs: OperationState) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .pending: "pending"
        case .ready: "ready"
        case .executing: "executing"
        case .finished: "finished"
        }
    }
}

/// One observable event in an operation's life: a state entered, or the cancellation flag raised.
public enum OperationEvent: UInt8, Sendable, Hashable, CustomStringConvertible {
    /// Added to a queue while dependencies are unfinished.
    case pending
    /// Entered ``OperationState/ready``: every dependency finished, or the operation was cancelled.
    case ready
    /// Entered ``OperationState/executing``: the queue started the operation.
    case executing
    /// Entered ``OperationState/finished``.
    case finished
    /// `cancel()` took effect (first call only).
    case cancelled

    /// The state this event enters, or `nil` for ``cancelled``.
    public var state: OperationState? {
        switch self {
        case .pending: .pending
        case .ready: .ready
        case .executing: .executing
        case .finished: .finished
        case .cancelled: nil
        }
    }

    /// The event of entering `state`.
    public init(_ state: OperationState) {
        switch state {
        case .pending: self = .pending
        case .ready: self = .ready
        case .executing: self = .executing
        case .finished: self = .finished
        }
    }

    public var description: String { state?.description ?? "cancelled" }
}
