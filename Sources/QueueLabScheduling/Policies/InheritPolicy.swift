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

    /// A policy holding no entries.
    public init() {}

    /// The parser's name for it: `inherit`.
    public var name: String { "inherit" }
    /// Strict priority and FIFO within a level, by effective priority: priority inheritance.
    public var promises: OrderingPromises { [.strictPriority, .fifoWithinLevel, .priorityInheritance] }
    /// True: operations are listed at their ``ScheduledOperation/effectivePriority``.
    public var inheritsPriority: Bool { true }

    /// Appends the entry to the list of its (effective) level, as ``StrictPolicy`` does.
    public mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        strict.push(entry, reason: reason, now: now)
    }

    /// Removes and returns the current entry listed first at the highest level that holds one, as
    /// ``StrictPolicy`` does.
    public mutating func pop(now: UInt64) -> ReadyEntry? { strict.pop(now: now) }
}
