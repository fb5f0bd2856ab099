import QueueLabCore
import QueueLabScheduling

/// Five per-level lists of entries, stale ones dropped when reached: what the test mutants are
/// built from (written against the public seam only, as a policy from another package would be).
struct LevelDeques {
    var levels = Array(repeating: EntryList(), count: 5)

    mutating func append(_ entry: ReadyEntry) { levels[entry.level].append(entry) }
    mutating func prepend(_ entry: ReadyEntry) { levels[entry.level].prepend(entry) }

    /// The first current entry of `level`, dropping stale ones before it; it stays listed.
    mutating func head(_ level: Int) -> ReadyEntry? {
        while let first = levels[level].first {
            if first.isCurrent { return first }
            levels[level].removeFirst()
        }
        return nil
    }

    mutating func popFirst(_ level: Int) -> ReadyEntry? {
        while let entry = levels[level].popFirst() {
            if entry.isCurrent { return entry }
        }
        return nil
    }

    mutating func popLast(_ level: Int) -> ReadyEntry? {
        while let entry = levels[level].popLast() {
            if entry.isCurrent { return entry }
        }
        return nil
    }

    /// Strict priority, FIFO within a level.
    mutating func popHighestFirst() -> ReadyEntry? {
        for level in (0..<5).reversed() {
            if let entry = popFirst(level) { return entry }
        }
        return nil
    }

    mutating func popLowestFirst() -> ReadyEntry? {
        for level in 0..<5 {
            if let entry = popFirst(level) { return entry }
        }
        return nil
    }
}

/// A list of entries with O(1) amortised work at both ends (an array and a head index).
struct EntryList {
    private var items: [ReadyEntry] = []
    private var start = 0

    var first: ReadyEntry? { start < items.count ? items[start] : nil }

    mutating func append(_ entry: ReadyEntry) { items.append(entry) }

    mutating func prepend(_ entry: ReadyEntry) {
        if start > 0 {
            start -= 1
            items[start] = entry
        } else {
            items.insert(entry, at: 0)
        }
    }

    mutating func removeFirst() { start += 1 }

    mutating func popFirst() -> ReadyEntry? {
        guard let first else { return nil }
        start += 1
        if start > 64 && start * 2 > items.count {
            items.removeFirst(start)
            start = 0
        }
        return first
    }

    mutating func popLast() -> ReadyEntry? {
        guard items.count > start else { return nil }
        return items.popLast()
    }
}
