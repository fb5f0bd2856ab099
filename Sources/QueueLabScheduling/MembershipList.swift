/// The unfinished operations of one queue in the order they were added: an intrusive doubly
/// linked list, so joining and leaving cost O(1) and no allocation.
///
/// Host serialisation required.
package struct MembershipList {
    private var head: ScheduledOperation?
    private var tail: ScheduledOperation?
    /// How many operations the list holds.
    package private(set) var count = 0

    /// An empty list.
    package init() {}

    /// - Returns: whether the list was empty before (the queue just became busy).
    @discardableResult
    package mutating func append(_ operation: ScheduledOperation) -> Bool {
        defer { count += 1 }
        operation.previousMember = tail
        operation.nextMember = nil
        if let tail { tail.nextMember = operation } else { head = operation }
        tail = operation
        return count == 0
    }

    /// - Returns: whether the list is empty now (the queue just became idle).
    @discardableResult
    package mutating func remove(_ operation: ScheduledOperation) -> Bool {
        let previous = operation.previousMember
        let next = operation.nextMember
        if let previous { previous.nextMember = next } else { head = next }
        if let next { next.previousMember = previous } else { tail = previous }
        operation.previousMember = nil
        operation.nextMember = nil
        count -= 1
        return count == 0
    }

    /// - Complexity: O(n).
    package func snapshot() -> [ScheduledOperation] {
        var result: [ScheduledOperation] = []
        result.reserveCapacity(count)
        var node = head
        while let current = node {
            result.append(current)
            node = current.nextMember
        }
        return result
    }
}
