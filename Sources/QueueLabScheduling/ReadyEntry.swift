import QueueLabCore

/// A ready operation as a policy holds it: the operation and the listing it stands for.
///
/// Policies never search their lists. When an operation leaves the ready set other than through
/// ``SchedulingPolicy/pop(now:)`` (a late dependency, a priority change), the machine bumps its
/// ``ScheduledOperation/readyTicket``: the old entry goes stale where it lies and the policy drops
/// it when it reaches it, once. Only ``QueueStateMachine`` makes entries.
public struct ReadyEntry: Sendable {
    public let operation: ScheduledOperation
    public let ticket: UInt32

    init(_ operation: ScheduledOperation) {
        self.operation = operation
        self.ticket = operation.readyTicket
    }

    /// Whether the entry still stands for the operation's listing (else it is stale: skip it).
    @inlinable
    public var isCurrent: Bool { ticket == operation.readyTicket && operation.placement == .readyListed }

    /// The level (0 `veryLow` ... 4 `veryHigh`) the operation was listed at.
    @inlinable
    public var level: Int { operation.listedPriority.level }
}
