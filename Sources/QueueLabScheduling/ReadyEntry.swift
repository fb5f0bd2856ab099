import QueueLabCore

/// A ready operation as a policy holds it: the operation and the listing it stands for.
///
/// Policies never search their lists. When an operation leaves the ready set other than through
/// ``SchedulingPolicy/pop(now:)`` (a late dependency, a priority change), the machine bumps its
/// ``ScheduledOperation/readyTicket``: the old entry goes stale where it lies and the policy drops
/// it when it reaches it, once. ``QueueStateMachine`` makes the entries a queue's policy gets; a
/// test of a policy makes them with ``PolicyBench`` (or this type's public initialiser).
public struct ReadyEntry: Sendable {
    /// The operation listed.
    public let operation: ScheduledOperation
    /// The operation's ``ScheduledOperation/readyTicket`` when it was listed: the entry is current
    /// only while the two match.
    public let ticket: UInt32
    /// The level, carried in the entry (it fits in the padding after the ticket) so that a policy
    /// need not read the operation to file it.
    private let levelIndex: UInt8

    /// An entry for `operation`'s listing number `ticket` at `priority`. It is current only while
    /// `ticket` is the operation's ``ScheduledOperation/readyTicket`` and the operation is placed
    /// ``Placement/readyListed``: ``PolicyBench/list(_:reason:)`` does both, as a queue does.
    public init(operation: ScheduledOperation, ticket: UInt32, priority: QueuePriority) {
        self.init(operation, ticket: ticket, priority: priority)
    }

    init(_ operation: ScheduledOperation, ticket: UInt32, priority: QueuePriority) {
        self.operation = operation
        self.ticket = ticket
        self.levelIndex = UInt8(truncatingIfNeeded: priority.level)
    }

    /// Whether the entry still stands for the operation's listing (else it is stale: skip it).
    @inlinable
    public var isCurrent: Bool { ticket == operation.readyTicket && operation.placement == .readyListed }

    /// The level (0 `veryLow` ... 4 `veryHigh`) the operation was listed at.
    public var level: Int { Int(levelIndex) }
}
