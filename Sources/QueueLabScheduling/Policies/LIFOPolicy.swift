import QueueLabCore

/// The highest priority first, and within a priority the newest first: fresh work starts at once
/// (its data still warm in the cache, its caller still waiting), as in work-stealing runtimes'
/// LIFO slot. The price is fairness: under sustained load an older operation of a level waits
/// for every newer one of that level and above, without bound.
///
/// - Complexity: push O(1) amortised; pop O(1) amortised (each stale entry is dropped once, when
///   it reaches the top of its level's stack); remove and a priority change O(1).
public struct LIFOPolicy: SchedulingPolicy {
    private var stacks: [[ReadyEntry]] = Array(repeating: [], count: QueuePriority.allCases.count)
    /// Bit i set when level i may hold entries.
    private var nonEmptyLevels: UInt8 = 0
    /// Entries looked at by ``pop(now:)``, current or stale: what the cost tests count.
    public private(set) var examined = 0

    /// A policy holding no entries.
    public init() {}

    /// The parser's name for it: `lifo`.
    public var name: String { "lifo" }
    /// Strict priority, and newest first within a level.
    public var promises: OrderingPromises { [.strictPriority, .lifoWithinLevel] }

    /// Pushes the entry on its level's stack.
    public mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        let level = entry.level
        stacks[level].append(entry)
        nonEmptyLevels |= levelBit(level)
    }

    /// Removes and returns the current entry listed last at the highest level that holds one,
    /// dropping the stale entries it meets; nil when it holds no current entry.
    public mutating func pop(now: UInt64) -> ReadyEntry? {
        while nonEmptyLevels != 0 {
            let level = 7 - nonEmptyLevels.leadingZeroBitCount
            while let entry = stacks[level].popLast() {
                examined &+= 1
                if entry.isCurrent { return entry }
            }
            nonEmptyLevels &= ~levelBit(level)
        }
        return nil
    }
}
