/// The unfinished operations of a queue in the order they were added, linked through the operations
/// themselves (`previousMember`, `nextMember`), so that adding and removing one is O(1) and
/// allocates nothing. The links are strong and cleared on removal: no cycle outlives membership.
///
/// Guarded by ``PoolLock``.
struct MemberList {
    private var head: FifoPoolOperation?
    private var tail: FifoPoolOperation?
    private(set) var count = 0

    /// - Complexity: O(1).
    mutating func append(_ operation: FifoPoolOperation) {
        operation.previousMember = tail
        if let tail { tail.nextMember = operation } else { head = operation }
        tail = operation
        count += 1
    }

    /// - Complexity: O(1).
    mutating func remove(_ operation: FifoPoolOperation) {
        let previous = operation.previousMember
        let next = operation.nextMember
        if let previous { previous.nextMember = next } else { head = next }
        if let next { next.previousMember = previous } else { tail = previous }
        operation.previousMember = nil
        operation.nextMember = nil
        count -= 1
    }

    /// - Complexity: O(n).
    var snapshot: [FifoPoolOperation] {
        var result: [FifoPoolOperation] = []
        result.reserveCapacity(count)
        var current = head
        while let operation = current {
            result.append(operation)
            current = operation.nextMember
        }
        return result
    }
}
