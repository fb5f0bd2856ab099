import DequeModule
import QueueLabCore

/// Foundation's rule, and the default: the highest priority first, FIFO within a priority.
/// One FIFO list per level and a bit per level that may hold entries; a pick looks at the highest
/// such level and drops the stale entries it meets there.
///
/// - Complexity: push O(1) amortised; pop O(1) amortised (each stale entry is dropped once, an
///   emptied level is skipped with one bit operation); remove and a priority change O(1).
public struct StrictPolicy: SchedulingPolicy {
    private var levels: [Deque<ReadyEntry>] = Array(repeating: Deque(), count: QueuePriority.allCases.count)
    /// Bit i set when level i may hold entries.
    private var nonEmptyLevels: UInt8 = 0
    /// Entries looked at by ``pop(now:)``, current or stale: what the cost tests count.
    public private(set) var examined = 0

    /// A policy holding no entries.
    public init() {}

    /// The parser's name for it: `strict`.
    public var name: String { "strict" }
    /// Strict priority, and FIFO within a level.
    public var promises: OrderingPromises { [.strictPriority, .fifoWithinLevel] }

    /// Appends the entry to its level's list.
    public mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        let level = entry.level
        levels[level].append(entry)
        nonEmptyLevels |= levelBit(level)
    }

    /// Removes and returns the current entry listed first at the highest level that holds one,
    /// dropping the stale entries it meets; nil when it holds no current entry.
    public mutating func pop(now: UInt64) -> ReadyEntry? {
        while nonEmptyLevels != 0 {
            let level = 7 - nonEmptyLevels.leadingZeroBitCount
            while let entry = levels[level].popFirst() {
                examined &+= 1
                if entry.isCurrent { return entry }
            }
            nonEmptyLevels &= ~levelBit(level)
        }
        return nil
    }
}
