import QueueLabCore

/// Operations free to start, first ready first out.
///
/// An operation can leave the ready state while it waits here (a dependency added late), and come
/// back; rather than search the FIFO (O(n)), each entry carries the operation's ready ticket at the
/// time it was pushed, and an entry whose ticket is no longer the operation's is skipped on pop.
///
/// Guarded by ``PoolLock``.
struct ReadyFIFO {
    private var entries: [(operation: FifoPoolOperation, ticket: UInt64)] = []
    private var head = 0

    /// Entries, stale ones included: an upper bound of the operations ready.
    var count: Int { entries.count - head }

    /// - Complexity: O(1) amortised.
    mutating func push(_ operation: FifoPoolOperation) {
        entries.append((operation, operation.readyTicket))
    }

    /// The oldest entry that is still current, or nil.
    /// - Complexity: O(1) amortised (each entry is passed over once).
    mutating func pop() -> FifoPoolOperation? {
        while head < entries.count {
            let (operation, ticket) = entries[head]
            head += 1
            compactIfMostlyConsumed()
            if ticket == operation.readyTicket && operation.lockedState == .ready { return operation }
        }
        return nil
    }

    /// Drops consumed entries once they are at least half of the storage, so memory follows the
    /// backlog and each entry is moved at most once on average.
    private mutating func compactIfMostlyConsumed() {
        if head == entries.count {
            entries.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024 && head * 2 >= entries.count {
            entries.removeFirst(head)
            head = 0
        }
    }
}
