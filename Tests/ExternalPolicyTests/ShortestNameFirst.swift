import QueueLabCore
import QueueLabScheduling

/// A policy from outside QueueLab, written against the public seam only: the ready operation with
/// the shortest name starts first (ties: the one ready first). A binary heap of entries, so it
/// keeps the cost rule at O(log n) per operation; stale entries (a late dependency took the
/// operation back) are dropped when they surface.
struct ShortestNameFirst: SchedulingPolicy {
    private struct Item {
        let entry: ReadyEntry
        let length: Int
        let order: UInt64

        func precedes(_ other: Item) -> Bool { (length, order) < (other.length, other.order) }
    }

    private var heap: [Item] = []

    var name: String { "shortest-name" }
    // Within a priority it orders by name, not by readiness: it promises none of the orderings.
    var promises: OrderingPromises { [] }
    var relistsOnPriorityChange: Bool { false }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        let item = Item(entry: entry, length: entry.operation.name?.count ?? 0, order: entry.operation.readyOrder)
        heap.append(item)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop(now: UInt64) -> ReadyEntry? {
        while let top = popTop() {
            if top.entry.isCurrent { return top.entry }
        }
        return nil
    }

    private mutating func popTop() -> Item? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let top = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < heap.count, heap[left].precedes(heap[first]) { first = left }
            if right < heap.count, heap[right].precedes(heap[first]) { first = right }
            if first == parent { return top }
            heap.swapAt(parent, first)
            parent = first
        }
    }
}
