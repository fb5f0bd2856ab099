import QueueLabCore
import QueueLabScheduling

/// Stands for a scheduling policy written in another package: the lowest priority first, first
/// ready first within a priority (a background-first batch order, say). Per level, an array read
/// from a moving head, so push and pop are O(1) amortised; stale entries (a late dependency took
/// the operation back) are dropped when reached, as the seam allows.
struct LowestPriorityFirst: SchedulingPolicy {
    private var levels = [[ReadyEntry]](repeating: [], count: 5)
    private var heads = [Int](repeating: 0, count: 5)

    var name: String { "lowest-first" }
    var promises: OrderingPromises { [.fifoWithinLevel] }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        levels[entry.level].append(entry)
    }

    mutating func pop(now: UInt64) -> ReadyEntry? {
        for level in levels.indices {
            while heads[level] < levels[level].count {
                let entry = levels[level][heads[level]]
                heads[level] += 1
                if heads[level] == levels[level].count {
                    // Drained: start the level's array over instead of letting it grow forever.
                    levels[level].removeAll(keepingCapacity: true)
                    heads[level] = 0
                }
                if entry.isCurrent { return entry }
            }
        }
        return nil
    }

    /// How a command line names it: `--policy lowest-first` (no parameters).
    static let entry = SchedulingPolicies.Entry(
        name: "lowest-first", summary: "an example policy from outside QueueLab: lowest priority first"
    ) { _ throws(PolicySpecError) in LowestPriorityFirst() }
}
