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

    /// A policy holding no entries.
    public init() {}

    /// The parser's name for it: `fifo`.
    public var name: String { "fifo" }
    /// Ready order across levels, and so FIFO within each level.
    public var promises: OrderingPromises { [.readyOrder, .fifoWithinLevel] }
    /// False: a priority change leaves a ready operation where it is in the list.
    public var relistsOnPriorityChange: Bool { false }

    /// Appends the entry to the one list.
    public mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        entries.append(entry)
    }

    /// Removes and returns the current entry listed first, dropping the stale ones before it; nil
    /// when it holds no current entry.
    public mutating func pop(now: UInt64) -> ReadyEntry? {
        while let entry = entries.popFirst() {
            examined &+= 1
            if entry.isCurrent { return entry }
        }
        return nil
    }
}
