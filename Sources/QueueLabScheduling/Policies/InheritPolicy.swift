import QueueLabCore

/// Strict priority by *effective* priority: an operation that a higher-priority operation waits
/// for (directly or through others, in this queue or another) runs at that priority, so a
/// `veryHigh` operation that depends on a `veryLow` one no longer waits behind every `normal` one
/// (priority inversion). As Dispatch raises the QoS of work a waiter depends on and Swift
/// concurrency escalates an awaited task. FIFO within a level, as `strict`.
///
/// The operation's own ``ScheduledOperation/priority`` keeps what the user set; the inherited
/// level is ``ScheduledOperation/effectivePriority``, maintained by ``DependencyGraph`` (see its
/// inheritance: amortised O(1) per edge). A queue relists a ready operation when it changes.
///
/// - Complexity: push, pop and a priority change as ``StrictPolicy``.
public struct InheritPolicy: SchedulingPolicy {
    private var strict = StrictPolicy()

    public init() {}

    public var name: String { "inherit" }
    public var promises: OrderingPromises { [.strictPriority, .fifoWithinLevel, .priorityInheritance] }
    public var inheritsPriority: Bool { true }

    public mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        strict.push(entry, reason: reason, now: now)
    }

    public mutating func pop(now: UInt64) -> ReadyEntry? { strict.pop(now: now) }
}
