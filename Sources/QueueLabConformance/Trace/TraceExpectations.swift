import QueueLabCore

/// What the scenario knows about one of its operations: the validator's input besides the trace.
public struct OperationFacts: Sendable {
    /// Whether the operation's body must run, must not run (cancelled before it started), or may
    /// do either (its cancel raced its start).
    public enum Run: Sendable { case must, mustNot, either }

    /// The operation these facts are about.
    public let id: OperationID
    /// Its name, as violations print it; nil for none.
    public let name: String?
    /// The dependencies the scenario declared (and did not remove), each of which must be finished
    /// before the body starts.
    public var dependencies: [OperationID]
    /// Whether its body must run, must not run, or may do either.
    public var run: Run
    /// Position in the order the scenario added operations (to any queue).
    public var addedIndex: Int

    /// The facts of one operation; by default it has no dependencies, must run, and was added
    /// first.
    public init(id: OperationID, name: String?, dependencies: [OperationID] = [], run: Run = .must, addedIndex: Int = 0)
    {
        self.id = id
        self.name = name
        self.dependencies = dependencies
        self.run = run
        self.addedIndex = addedIndex
    }

    /// The operation's ID and name, as violations print them.
    public var label: OperationLabel { OperationLabel(id: id, name: name) }
}

/// The rules a scenario declares observable, for ``TraceValidator``.
public struct TraceExpectations: Sendable {
    /// The operations the per-operation rules are checked for; the events of any other operation
    /// count only toward the width.
    public var operations: [OperationFacts]
    /// Bodies executing at once never exceed it (nil: not checked).
    public var width: Int?
    /// Bodies must start in exactly this order (priority, then FIFO): only when the scenario makes
    /// order observable (width 1, all ready at once).
    public var startOrder: [OperationID]?
    /// Barrier `index`: the operations added before it end before it runs, those after start after.
    public var barriers: [(index: Int, before: [OperationID], after: [OperationID])] = []
    /// Barrier `index` was added while other threads added `racing`: each of them runs wholly
    /// before the barrier or wholly after it, never alongside.
    public var barrierRaces: [(index: Int, racing: [OperationID])] = []
    /// Whether the queue's observer reports transitions (capability `stateObservation`).
    public var observed: Bool
    /// Every operation must have finished (with exactly one finished transition).
    public var allFinished = true
    /// Every operation must have run its completion handler exactly once, after finishing.
    public var completions = true
    /// A dependency added to a ready, enqueued operation makes it pending again: allowed only in
    /// scenarios that add dependencies late.
    public var allowsReadyToPending = false

    /// Expectations that every operation finishes and runs its completion handler once; set the
    /// other rules (barriers, ``allowsReadyToPending``...) afterwards.
    public init(operations: [OperationFacts], observed: Bool, width: Int? = nil, startOrder: [OperationID]? = nil) {
        self.operations = operations
        self.observed = observed
        self.width = width
        self.startOrder = startOrder
    }
}

/// A rule the trace broke.
public struct Violation: Sendable, CustomStringConvertible {
    /// The rule, short: "forward-only", "exactly-once", "width", "order", ...
    public let rule: String
    /// What the trace showed, in one line naming the operations involved.
    public let message: String
    /// The operations involved.
    public let operations: [OperationID]

    /// A broken rule: `rule` in short, `message` in one line.
    public init(rule: String, message: String, operations: [OperationID]) {
        self.rule = rule
        self.message = message
        self.operations = operations
    }

    public var description: String { "[\(rule)] \(message)" }
}
