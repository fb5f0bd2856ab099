import QueueLabCore

/// The start order a policy's promises fix for operations that are all ready at once on a
/// suspended serial queue (so ready order is add order), when they fix one.
struct PromisedOrder: CustomStringConvertible {
    /// Highest priority first (strict priority); else priority is ignored (ready order).
    let byPriority: Bool
    /// Among equals, the newest first (LIFO within a level); else the oldest first.
    let newestFirst: Bool

    /// nil when the promises leave the order open (aging and weighted shares depend on time and
    /// on history, not only on the operations).
    init?(_ promises: OrderingPromises) {
        if promises.contains(.strictPriority) {
            byPriority = true
            if promises.contains(.fifoWithinLevel) {
                newestFirst = false
            } else if promises.contains(.lifoWithinLevel) {
                newestFirst = true
            } else {
                return nil
            }
        } else if promises.contains(.readyOrder) {
            byPriority = false
            newestFirst = false
        } else {
            return nil
        }
    }

    /// Among operations of one level only: FIFO or LIFO, whatever else is promised.
    static func withinLevel(_ promises: OrderingPromises) -> PromisedOrder? {
        if promises.contains(.fifoWithinLevel) || promises.contains(.readyOrder) {
            return PromisedOrder(byPriority: false, newestFirst: false)
        }
        if promises.contains(.lifoWithinLevel) { return PromisedOrder(byPriority: false, newestFirst: true) }
        return nil
    }

    private init(byPriority: Bool, newestFirst: Bool) {
        self.byPriority = byPriority
        self.newestFirst = newestFirst
    }

    /// `ops` (in the order they were added) in the order they must start.
    func expected<Op: QueueOperation>(_ ops: [Op]) -> [OperationID] {
        expected(ops.map(\.queuePriority)).map { ops[$0].id }
    }

    /// The indices of `priorities` (in add order) in the order they must start.
    func expected(_ priorities: [QueuePriority]) -> [Int] {
        // A stable sort on the key: the add index breaks ties, negated for newest first.
        priorities.indices.sorted { a, b in
            if byPriority && priorities[a] != priorities[b] { return priorities[a] > priorities[b] }
            return newestFirst ? a > b : a < b
        }
    }

    var description: String {
        (byPriority ? "strict priority, " : "ready order, ") + (newestFirst ? "newest first" : "oldest first")
            + (byPriority ? " within a level" : "")
    }
}
