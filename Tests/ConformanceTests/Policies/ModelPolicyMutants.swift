import QueueLabCore
import QueueLabScheduling

// Policies for the model-based checks (``ModelMutants/policy``): each declares exactly the
// promises (and parameters) of one built-in and breaks one promise clause, only in one state of
// the ready set, never by chance or by timing alone. Written against the public seam only, as a
// policy from another package would be; they scan their lists where that is simpler (a test's
// shortcut, not the cost rule), and only ever return current entries (no policy fault).

/// Declares `strict`; when the only levels holding ready work are exactly `low` and `high`, it
/// starts `low` first.
struct StrictInvertsLowAndHigh: SchedulingPolicy {
    private var lists = LevelDeques()

    var name: String { "strict-inverts-low-and-high" }
    var promises: OrderingPromises { [.strictPriority, .fifoWithinLevel] }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) { lists.append(entry) }

    mutating func pop(now: UInt64) -> ReadyEntry? {
        let holding = (0..<5).filter { lists.head($0) != nil }
        let low = QueuePriority.low.level
        let high = QueuePriority.high.level
        if holding == [low, high] { return lists.popFirst(low) }
        return lists.popHighestFirst()
    }
}

/// Declares `strict` (which relists a ready operation whose priority changed at the end of its new
/// level); it files the operation in its new level at the place of its first listing, ahead of the
/// operations of that level listed after it but before the change.
struct StrictRelistKeepsFirstPlace: SchedulingPolicy {
    /// Per level: entries and the listing order they are kept by.
    private var levels = Array(repeating: [(entry: ReadyEntry, key: UInt64)](), count: 5)
    /// The order of each listed operation's first listing.
    private var firstListing: [ObjectIdentifier: UInt64] = [:]
    /// Strict reads no stamps: the policy counts its own listings.
    private var listings: UInt64 = 0

    var name: String { "strict-relist-keeps-first-place" }
    var promises: OrderingPromises { [.strictPriority, .fifoWithinLevel] }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        listings += 1
        let id = ObjectIdentifier(entry.operation)
        let key: UInt64
        if reason == .priorityChanged, let first = firstListing[id] {
            key = first
        } else {
            key = listings
            firstListing[id] = key
        }
        let level = entry.level
        let index = levels[level].firstIndex { $0.key > key } ?? levels[level].count
        levels[level].insert((entry, key), at: index)
    }

    mutating func pop(now: UInt64) -> ReadyEntry? {
        for level in (0..<5).reversed() {
            levels[level].removeAll { !$0.entry.isCurrent }
            guard !levels[level].isEmpty else { continue }
            let entry = levels[level].removeFirst().entry
            firstListing[ObjectIdentifier(entry.operation)] = nil
            return entry
        }
        return nil
    }
}

/// Declares `fifo` (ready order, places kept on a priority change); operations released by their
/// dependencies one after another, with no start in between, are ordered among themselves by
/// priority, highest first (FIFO within a level still holds).
struct FIFOReleasedRunByPriority: SchedulingPolicy {
    private var items: [ReadyEntry] = []
    /// Where the current run of releases starts in `items`; nil once anything else happened.
    private var runStart: Int?

    var name: String { "fifo-released-run-by-priority" }
    var promises: OrderingPromises { [.readyOrder, .fifoWithinLevel] }
    var relistsOnPriorityChange: Bool { false }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        guard reason == .released else {
            runStart = nil
            items.append(entry)
            return
        }
        let start = runStart ?? items.count
        runStart = start
        // Behind every entry of the run at its level or above, ahead of the lower ones.
        var index = items.count
        while index > start && items[index - 1].level < entry.level { index -= 1 }
        items.insert(entry, at: index)
    }

    mutating func pop(now: UInt64) -> ReadyEntry? {
        runStart = nil
        while !items.isEmpty {
            let entry = items.removeFirst()
            if entry.isCurrent { return entry }
        }
        return nil
    }
}

/// Declares `fifo`, which keeps a ready operation's place when its priority changes; an operation
/// whose priority changed while it waited is sent to the back once it reaches the front (as if it
/// had been relisted).
struct FIFOSendsChangedToBack: SchedulingPolicy {
    private var list = EntryList()

    var name: String { "fifo-sends-changed-to-back" }
    var promises: OrderingPromises { [.readyOrder, .fifoWithinLevel] }
    var relistsOnPriorityChange: Bool { false }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) { list.append(entry) }

    mutating func pop(now: UInt64) -> ReadyEntry? {
        var moved = 0
        while let entry = list.popFirst() {
            guard entry.isCurrent else { continue }
            let priority = entry.operation.priority
            // Filed anew at the priority it has now, so it is sent back once only.
            if priority.level != entry.level && moved < 64 {
                list.append(ReadyEntry(operation: entry.operation, ticket: entry.ticket, priority: priority))
                moved += 1
                continue
            }
            return entry
        }
        return nil
    }
}

/// Declares `lifo`; an operation released by its dependencies goes to the bottom of its level's
/// stack instead of the top.
struct LIFOReleasedToBottom: SchedulingPolicy {
    private var lists = LevelDeques()

    var name: String { "lifo-released-to-bottom" }
    var promises: OrderingPromises { [.strictPriority, .lifoWithinLevel] }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        if reason == .released { lists.prepend(entry) } else { lists.append(entry) }
    }

    mutating func pop(now: UInt64) -> ReadyEntry? {
        for level in (0..<5).reversed() {
            if let entry = lists.popLast(level) { return entry }
        }
        return nil
    }
}

/// Declares `aging` with a 1 ms step (FIFO within a level, bounded wait); among the operations of
/// one level that have aged the same number of steps and are not yet at the top, the newest
/// starts first.
struct AgingNewestFirstWithinStep: SchedulingPolicy {
    private var levels = Array(repeating: [ReadyEntry](), count: 5)
    private let stepNanoseconds: UInt64 = 1_000_000

    var name: String { "aging-newest-first-within-step" }
    var parameters: [PolicyParameter] { [PolicyParameter(key: "step", value: "1ms")] }
    var promises: OrderingPromises { [.fifoWithinLevel, .boundedWait] }
    var needsClock: Bool { true }
    var declaration: PolicyDeclaration {
        PolicyDeclaration(name: name, parameters: parameters, promises: promises, agingStep: .milliseconds(1))
    }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) { levels[entry.level].append(entry) }

    private func effective(_ entry: ReadyEntry, now: UInt64) -> Int {
        let since = entry.operation.readySince
        let waited = now > since ? now - since : 0
        let top = QueuePriority.veryHigh.level
        return entry.level + Int(min(waited / stepNanoseconds, UInt64(top - entry.level)))
    }

    mutating func pop(now: UInt64) -> ReadyEntry? {
        var best: (level: Int, index: Int, effective: Int, order: UInt64)?
        for level in 0..<5 {
            levels[level].removeAll { !$0.isCurrent }
            guard let head = levels[level].first else { continue }
            let top = effective(head, now: now)
            // The level's candidate: the head, or (below the top) the last entry of the run that
            // aged as far as the head. Levels compare by their heads, as the built-in does.
            var index = 0
            if top < QueuePriority.veryHigh.level {
                while index + 1 < levels[level].count && effective(levels[level][index + 1], now: now) == top {
                    index += 1
                }
            }
            let order = head.operation.readyOrder
            if best == nil || top > best!.effective || (top == best!.effective && order < best!.order) {
                best = (level, index, top, order)
            }
        }
        guard let best else { return nil }
        return levels[best.level].remove(at: best.index)
    }
}

/// Declares `weighted` 1:2:4:8:16 (FIFO within a level, weighted shares): stride scheduling as the
/// built-in, except that while exactly two levels have ready work it never starts the lighter one.
struct WeightedTwoLevelsStarveLighter: SchedulingPolicy {
    private let weights = [1, 2, 4, 8, 16]
    private var passes = Array(repeating: UInt64(0), count: 5)
    private var counts = Array(repeating: 0, count: 5)
    private var globalPass: UInt64 = 0
    private var lists = LevelDeques()

    var name: String { "weighted-two-levels-starve-lighter" }
    var parameters: [PolicyParameter] { [PolicyParameter(key: "weights", value: "1:2:4:8:16")] }
    var promises: OrderingPromises { [.fifoWithinLevel, .weightedShares] }
    var declaration: PolicyDeclaration {
        PolicyDeclaration(name: name, parameters: parameters, promises: promises, shareWeights: weights)
    }

    private func stride(_ level: Int) -> UInt64 { (1 << 32) / UInt64(weights[level]) }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        let level = entry.level
        if counts[level] == 0 { passes[level] = max(passes[level], globalPass) }
        counts[level] += 1
        lists.append(entry)
    }

    mutating func remove(_ operation: ScheduledOperation) { counts[operation.listedPriority.level] -= 1 }

    mutating func pop(now: UInt64) -> ReadyEntry? {
        let busy = (0..<5).filter { counts[$0] > 0 }
        guard !busy.isEmpty else { return nil }
        var best = -1
        if busy.count == 2 {
            // Only the heavier; the lighter gains no credit meanwhile.
            let (light, heavy) = weights[busy[0]] < weights[busy[1]] ? (busy[0], busy[1]) : (busy[1], busy[0])
            best = heavy
            passes[light] = max(passes[light], passes[heavy])
        } else {
            for level in busy.reversed() where best < 0 || passes[level] < passes[best] { best = level }
        }
        globalPass = passes[best]
        passes[best] += stride(best)
        counts[best] -= 1
        return lists.popFirst(best)
    }
}

/// Declares `inherit`; an inherited priority counts at most one level above the operation's own:
/// an operation waited for by one two or more levels above it is ordered only one level up.
struct InheritRaisesOneLevelAtMost: SchedulingPolicy {
    private var lists = LevelDeques()

    var name: String { "inherit-raises-one-level-at-most" }
    var promises: OrderingPromises { [.strictPriority, .fifoWithinLevel, .priorityInheritance] }
    var inheritsPriority: Bool { true }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        let capped = min(entry.level, entry.operation.priority.level + 1)
        guard capped != entry.level else { return lists.append(entry) }
        lists.append(
            ReadyEntry(operation: entry.operation, ticket: entry.ticket, priority: QueuePriority(level: capped)))
    }

    mutating func pop(now: UInt64) -> ReadyEntry? { lists.popHighestFirst() }
}

/// Declares `inherit`; an operation released by its dependencies (one in the middle of a chain of
/// waiting operations) is listed at its own priority: what it inherited while pending is ignored
/// (a raise that arrives once it is ready is honoured).
struct InheritIgnoredWhenReleased: SchedulingPolicy {
    private var lists = LevelDeques()

    var name: String { "inherit-ignored-when-released" }
    var promises: OrderingPromises { [.strictPriority, .fifoWithinLevel, .priorityInheritance] }
    var inheritsPriority: Bool { true }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        guard reason == .released else { return lists.append(entry) }
        let own = entry.operation.priority
        lists.append(ReadyEntry(operation: entry.operation, ticket: entry.ticket, priority: own))
    }

    mutating func pop(now: UInt64) -> ReadyEntry? { lists.popHighestFirst() }
}

/// A ready entry of the critical-path mutants, with the rank it is ordered by.
private struct RankedEntry {
    let entry: ReadyEntry
    let rank: Int
    let order: UInt64
}

/// Declares `critical-path` with cap 64 (strict priority, longest chain first); an operation's rank
/// is read when it becomes ready: a chain that grows behind it afterwards (the queue relists it) is
/// not seen.
struct ChainRankFrozenWhenReady: SchedulingPolicy {
    private var entries: [RankedEntry] = []
    /// The rank and level of each listed operation's listing before.
    private var listed: [ObjectIdentifier: (rank: Int, level: Int)] = [:]

    var name: String { "chain-rank-frozen-when-ready" }
    var promises: OrderingPromises { [.strictPriority, .longestChainFirst] }
    var ranksByHeight: Bool { true }
    var heightCap: Int { 64 }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        let id = ObjectIdentifier(entry.operation)
        var rank = min(entry.operation.chainHeight, heightCap)
        // Relisted at the same level: its chain grew; the rank it had stays.
        if reason == .priorityChanged, let before = listed[id], before.level == entry.level { rank = before.rank }
        listed[id] = (rank, entry.level)
        entries.append(RankedEntry(entry: entry, rank: rank, order: entry.operation.readyOrder))
    }

    mutating func pop(now: UInt64) -> ReadyEntry? {
        guard let entry = popBest(&entries) else { return nil }
        listed[ObjectIdentifier(entry.operation)] = nil
        return entry
    }
}

/// Declares `critical-path` with cap 64; an operation released by its dependencies (one in the
/// middle of a chain) ranks as if nothing waited behind it.
struct ChainRankZeroWhenReleased: SchedulingPolicy {
    private var entries: [RankedEntry] = []

    var name: String { "chain-rank-zero-when-released" }
    var promises: OrderingPromises { [.strictPriority, .longestChainFirst] }
    var ranksByHeight: Bool { true }
    var heightCap: Int { 64 }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        let rank = reason == .released ? 0 : min(entry.operation.chainHeight, heightCap)
        entries.append(RankedEntry(entry: entry, rank: rank, order: entry.operation.readyOrder))
    }

    mutating func pop(now: UInt64) -> ReadyEntry? { popBest(&entries) }
}

/// The highest level, then the highest rank, then the earliest listed; stale entries dropped.
private func popBest(_ entries: inout [RankedEntry]) -> ReadyEntry? {
    entries.removeAll { !$0.entry.isCurrent }
    let best = entries.indices.max { a, b in
        let (x, y) = (entries[a], entries[b])
        return (x.entry.level, x.rank, -Int(x.order)) < (y.entry.level, y.rank, -Int(y.order))
    }
    return best.map { entries.remove(at: $0).entry }
}
