import DequeModule
import QueueLabCore

/// One FIFO list per priority level. An entry is valid while its ticket matches the operation's:
/// moving an operation (priority change, a late dependency) bumps the ticket instead of searching
/// the list, and stale entries are dropped when they reach the front.
///
/// Host serialisation required.
public struct ReadyLists {
    struct Entry {
        let operation: ScheduledOperation
        let ticket: UInt32
    }

    private var levels: [Deque<Entry>] = Array(repeating: Deque(), count: QueuePriority.allCases.count)
    /// Valid entries (operations placed `readyListed`).
    public private(set) var count = 0
    /// Bit i set when level i may hold entries.
    private var nonEmptyLevels: UInt8 = 0

    public init() {}

    public var isEmpty: Bool { count == 0 }

    /// - Complexity: O(1) amortised.
    public mutating func push(_ operation: ScheduledOperation) {
        operation.readyTicket &+= 1
        operation.placement = .readyListed
        let level = operation.priority.level
        levels[level].append(Entry(operation: operation, ticket: operation.readyTicket))
        nonEmptyLevels |= 1 << level
        count += 1
    }

    /// Invalidates the operation's entry (it stays in its list until it reaches the front).
    public mutating func remove(_ operation: ScheduledOperation) {
        guard operation.placement == .readyListed else { return }
        operation.readyTicket &+= 1
        count -= 1
    }

    /// The highest-priority, first-listed operation; it leaves the lists.
    ///
    /// - Complexity: O(1) amortised (stale entries are each dropped once).
    public mutating func pop() -> ScheduledOperation? {
        while nonEmptyLevels != 0 {
            let level = 7 - nonEmptyLevels.leadingZeroBitCount
            while let entry = levels[level].popFirst() {
                if entry.ticket == entry.operation.readyTicket, entry.operation.placement == .readyListed {
                    count -= 1
                    return entry.operation
                }
            }
            nonEmptyLevels &= ~(1 << level)
        }
        return nil
    }
}
