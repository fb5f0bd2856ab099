/// The result of a bounded wait.
public enum WaitOutcome: Sendable, Equatable {
    /// Everything the wait covers finished within the time bound.
    case finished
    /// The time bound passed; the report says what is still unfinished and on what it waits.
    case timedOut(StallReport)

    /// Whether the wait returned because everything it covers finished, not on time-out.
    public var isFinished: Bool { self == .finished }
}

/// What a queue still holds when a bounded wait gave up.
public struct StallReport: Sendable, Equatable, CustomStringConvertible {
    /// One unfinished operation: its state and what it still waits on.
    public struct Entry: Sendable, Equatable, CustomStringConvertible {
        /// The unfinished operation.
        public let operation: OperationLabel
        /// Its state when the wait gave up; never ``OperationState/finished``.
        public let state: OperationState
        /// Whether it was cancelled.
        public let isCancelled: Bool
        /// Dependencies that have not finished (empty when the operation is ready or executing).
        public let unmetDependencies: [OperationLabel]

        /// An entry for `operation`, with the dependencies it still waits on.
        public init(
            operation: OperationLabel, state: OperationState, isCancelled: Bool, unmetDependencies: [OperationLabel]
        ) {
            self.operation = operation
            self.state = state
            self.isCancelled = isCancelled
            self.unmetDependencies = unmetDependencies
        }

        public var description: String {
            var text = "\(operation) \(state)\(isCancelled ? " (cancelled)" : "")"
            if !unmetDependencies.isEmpty {
                text += " waiting on " + unmetDependencies.map(\.description).joined(separator: ", ")
            }
            return text
        }
    }

    /// The queue's name; nil when it has none.
    public let queueName: String?
    /// Whether the queue was suspended when the wait gave up (then no ready operation can start).
    public let isSuspended: Bool
    /// One entry per unfinished operation; empty when the queue cannot list its operations.
    public let entries: [Entry]

    /// A report on the queue `queueName` holding `entries`.
    public init(queueName: String?, isSuspended: Bool, entries: [Entry]) {
        self.queueName = queueName
        self.isSuspended = isSuspended
        self.entries = entries
    }

    public var description: String {
        var lines = [
            "queue \(queueName ?? "(unnamed)")\(isSuspended ? " (suspended)" : ""): \(entries.count) unfinished"
        ]
        lines += entries.map { "  " + $0.description }
        return lines.joined(separator: "\n")
    }
}

extension StallReport {
    /// Builds the report from a snapshot of a queue's operations: shared by every implementation.
    public init<Operation: QueueOperation>(queueName: String?, isSuspended: Bool, operations: [Operation]) {
        let entries = operations.compactMap { op -> Entry? in
            let state = op.state
            guard state != .finished else { return nil }
            let unmet = state == .pending ? op.dependencies.filter { !$0.isFinished }.map(\.label) : []
            return Entry(operation: op.label, state: state, isCancelled: op.isCancelled, unmetDependencies: unmet)
        }
        self.init(queueName: queueName, isSuspended: isSuspended, entries: entries)
    }
}
