import DequeModule
import QueueLabCore

/// Priority ignored: first ready, first started. One list; a priority change leaves the
/// operation where it is.
///
/// - Complexity: push, pop O(1) amortised (each stale entry, left by a late dependency, is dropped
///   once); a priority change costs nothing.
public struct FIFOPolicy: SchedulingPolicy {
    private var entries = Deque<ReadyEntry>()
    /// Entries looked at by ``pop(now:)``, current or stale: what the cost tests count.
    public private(set) var examined = 0

    public init() {}

    public var name: String { "fifo" }
    public var promises: OrderingPromises { [.readyOrder, .fifoWithinLevel] }
    public var relistsOnPriorityChange: Bool { false }

    public mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        entries.append(entry)
    }

    public mutating func pop(now: UInt64) -> ReadyEntry? {
        while let entry = entries.popFirst() {
            examined &+= 1
            if entry.isCurrent { return entry }
        }
        return nil
    }
}
