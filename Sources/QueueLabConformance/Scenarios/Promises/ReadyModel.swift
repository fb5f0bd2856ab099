/// The reference model of a width-1 queue's ready set, as the promises define it: for each ready
/// operation its level (its priority now) and its listing key (when it became ready, or was
/// listed anew by a priority change when the policy declares it relists). Keys grow with every
/// listing, so each level's listings, and all of them, are kept in key order by appending; an
/// operation that started or was relisted leaves a dead record behind, skipped once.
///
/// - Complexity: O(1) amortised per listing, start and query.
struct ReadyModel {
    struct Listing {
        let index: Int
        let level: Int
        let key: Int
    }

    private var current: [Int: Listing] = [:]
    private var byLevel = Array(repeating: KeyedList(), count: 5)
    private var all = KeyedList()
    private var counts = Array(repeating: 0, count: 5)
    private var nextKey = 0

    var count: Int { current.count }
    func listing(_ index: Int) -> Listing? { current[index] }
    func isReady(_ index: Int) -> Bool { current[index] != nil }
    var readyIndices: [Int] { Array(current.keys) }
    var levelCounts: [Int] { counts }

    /// The highest level with a ready operation, or nil.
    var highestLevel: Int? { counts.lastIndex { $0 > 0 } }

    mutating func becameReady(_ index: Int, level: Int) {
        let listing = Listing(index: index, level: level, key: nextKey)
        nextKey += 1
        current[index] = listing
        counts[level] += 1
        byLevel[level].append(listing)
        all.append(listing)
    }

    /// A ready operation's priority changed to `level`: listed anew when the policy relists,
    /// else it keeps its key in its new level's order (inserted by key: rare, so a sorted insert).
    mutating func priorityChanged(_ index: Int, to level: Int, relists: Bool) {
        guard let old = current[index] else { return }
        counts[old.level] -= 1
        if relists {
            current[index] = nil
            becameReady(index, level: level)
        } else {
            let moved = Listing(index: index, level: level, key: old.key)
            current[index] = moved
            counts[level] += 1
            byLevel[level].insertByKey(moved)
        }
    }

    /// Removes the operation; returns its listing (nil when it was not ready: a start the model
    /// did not allow at all).
    mutating func started(_ index: Int) -> Listing? {
        guard let listing = current.removeValue(forKey: index) else { return nil }
        counts[listing.level] -= 1
        return listing
    }

    /// The earliest-listed ready operation of `level` (or of all levels when nil).
    mutating func oldest(level: Int?) -> Listing? {
        let alive = current
        return level.map { byLevel[$0].first(alive: alive, level: $0) } ?? all.first(alive: alive, level: nil)
    }

    /// A ready operation of `level` both added (a lower index) and listed before `listing`, the
    /// earliest such; nil when there is none. A scan of the ready set: only the relaxed FIFO of a
    /// queue without a policy asks.
    func earliestReady(level: Int, before listing: Listing) -> Listing? {
        current.values.filter { $0.level == level && $0.key < listing.key && $0.index < listing.index }
            .min { $0.key < $1.key }
    }

    /// The latest-listed ready operation of `level`.
    mutating func newest(level: Int) -> Listing? {
        let alive = current
        return byLevel[level].last(alive: alive, level: level)
    }
}

/// Listings in key order, with dead ones (started, relisted) dropped lazily from either end.
struct KeyedList {
    private var items: [ReadyModel.Listing] = []
    private var head = 0

    mutating func append(_ listing: ReadyModel.Listing) { items.append(listing) }

    mutating func insertByKey(_ listing: ReadyModel.Listing) {
        var position = items.count
        while position > head && items[position - 1].key > listing.key { position -= 1 }
        items.insert(listing, at: position)
    }

    private static func isAlive(_ listing: ReadyModel.Listing, _ alive: [Int: ReadyModel.Listing], _ level: Int?)
        -> Bool
    {
        guard let now = alive[listing.index] else { return false }
        return now.key == listing.key && (level == nil || now.level == level)
    }

    mutating func first(alive: [Int: ReadyModel.Listing], level: Int?) -> ReadyModel.Listing? {
        while head < items.count {
            if Self.isAlive(items[head], alive, level) { return items[head] }
            head += 1
        }
        return nil
    }

    mutating func last(alive: [Int: ReadyModel.Listing], level: Int) -> ReadyModel.Listing? {
        while items.count > head {
            if let last = items.last, Self.isAlive(last, alive, level) { return last }
            items.removeLast()
        }
        return nil
    }
}
