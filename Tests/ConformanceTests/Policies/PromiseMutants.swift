import QueueLabCore
import QueueLabScheduling

// Policies that declare exactly the promises of a built-in and break one of them only past some
// size, in some state, or rarely: the order checks must FAIL each at `default` on every seed.
// Written against the public seam only.

/// Declares `strict` (strict priority, FIFO within a level); past 300 ready operations it starts
/// the lowest level first.
struct StrictInvertsPast300: SchedulingPolicy {
    private var lists = LevelDeques()
    private var ready = 0

    var name: String { "strict-inverts-past-300" }
    var promises: OrderingPromises { [.strictPriority, .fifoWithinLevel] }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        lists.append(entry)
        ready += 1
    }

    mutating func remove(_ operation: ScheduledOperation) { ready -= 1 }

    mutating func pop(now: UInt64) -> ReadyEntry? {
        let entry = ready > 300 ? lists.popLowestFirst() : lists.popHighestFirst()
        if entry != nil { ready -= 1 }
        return entry
    }
}

/// Declares `fifo` (ready order, FIFO within a level, places kept on a priority change); an
/// operation released by its dependencies goes to the front.
struct FIFOReleasedJumpsAhead: SchedulingPolicy {
    private var list = EntryList()

    var name: String { "fifo-released-jumps-ahead" }
    var promises: OrderingPromises { [.readyOrder, .fifoWithinLevel] }
    var relistsOnPriorityChange: Bool { false }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        if reason == .released { list.prepend(entry) } else { list.append(entry) }
    }

    mutating func pop(now: UInt64) -> ReadyEntry? {
        while let entry = list.popFirst() {
            if entry.isCurrent { return entry }
        }
        return nil
    }
}

/// Declares `lifo` (strict priority, LIFO within a level); an operation relisted by a priority
/// change goes to the bottom of its new level's stack instead of the top.
struct LIFOChangeToBottom: SchedulingPolicy {
    private var lists = LevelDeques()

    var name: String { "lifo-change-to-bottom" }
    var promises: OrderingPromises { [.strictPriority, .lifoWithinLevel] }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        if reason == .priorityChanged { lists.prepend(entry) } else { lists.append(entry) }
    }

    mutating func pop(now: UInt64) -> ReadyEntry? {
        for level in (0..<5).reversed() {
            if let entry = lists.popLast(level) { return entry }
        }
        return nil
    }
}

/// Declares `weighted` 1:2:4:8:16 (FIFO within a level); while all five levels are busy it never
/// starts `veryLow` (the built-in's pick of `veryLow` goes back to the end of its level).
struct WeightedStarvesVeryLowWhenAllBusy: SchedulingPolicy {
    private var inner = WeightedPolicy()
    private var counts = Array(repeating: 0, count: 5)

    var name: String { "weighted-starves-verylow" }
    var promises: OrderingPromises { [.fifoWithinLevel, .weightedShares] }
    var declaration: PolicyDeclaration {
        PolicyDeclaration(
            name: name, parameters: [PolicyParameter(key: "weights", value: "1:2:4:8:16")], promises: promises,
            shareWeights: [1, 2, 4, 8, 16])
    }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        counts[entry.level] += 1
        inner.push(entry, reason: reason, now: now)
    }

    mutating func remove(_ operation: ScheduledOperation) {
        counts[operation.listedPriority.level] -= 1
        inner.remove(operation)
    }

    mutating func pop(now: UInt64) -> ReadyEntry? {
        for _ in 0..<8 {
            guard let entry = inner.pop(now: now) else { return nil }
            if entry.level == 0 && counts.allSatisfy({ $0 > 0 }) {
                inner.push(entry, reason: .added, now: now)
                continue
            }
            counts[entry.level] -= 1
            return entry
        }
        return nil
    }
}

/// Declares `aging` with a 1 ms step (FIFO within a level, bounded wait); an operation's wait
/// raises it two levels at most, so past two steps a `veryLow` operation stops gaining.
struct AgingStopsAfterTwoSteps: SchedulingPolicy {
    private var lists = LevelDeques()
    private let stepNanoseconds: UInt64 = 1_000_000

    var name: String { "aging-stops-after-two-steps" }
    var promises: OrderingPromises { [.fifoWithinLevel, .boundedWait] }
    var needsClock: Bool { true }
    var declaration: PolicyDeclaration {
        PolicyDeclaration(
            name: name, parameters: [PolicyParameter(key: "step", value: "1ms")], promises: promises,
            agingStep: .milliseconds(1))
    }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) { lists.append(entry) }

    mutating func pop(now: UInt64) -> ReadyEntry? {
        var best: (level: Int, effective: Int, order: UInt64)?
        for level in 0..<5 {
            guard let head = lists.head(level) else { continue }
            let waited = now > head.operation.readySince ? now - head.operation.readySince : 0
            let effective = min(4, level + Int(min(waited / stepNanoseconds, 2)))
            let order = head.operation.readyOrder
            if best == nil || effective > best!.effective || (effective == best!.effective && order < best!.order) {
                best = (level, effective, order)
            }
        }
        return best.flatMap { lists.popFirst($0.level) }
    }
}

/// Declares `inherit` (strict priority by effective priority, FIFO within a level, inheritance);
/// a raise that arrives while the operation is already ready (a dependent added later) is ignored:
/// the relisting files it at its own priority.
struct InheritOnlyAtListing: SchedulingPolicy {
    private var lists = LevelDeques()

    var name: String { "inherit-only-at-listing" }
    var promises: OrderingPromises { [.strictPriority, .fifoWithinLevel, .priorityInheritance] }
    var inheritsPriority: Bool { true }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        guard reason == .priorityChanged else { return lists.append(entry) }
        let own = entry.operation.priority
        lists.append(ReadyEntry(operation: entry.operation, ticket: entry.ticket, priority: own))
    }

    mutating func pop(now: UInt64) -> ReadyEntry? { lists.popHighestFirst() }
}

/// Declares `critical-path` with cap 64 (strict priority, longest chain first); it tells chains
/// apart only up to 4 waiting operations, so past that the earliest listed wins. Scans its ready
/// list (a test's shortcut, not the cost rule).
struct ChainRankStopsAtFour: SchedulingPolicy {
    private var entries: [ReadyEntry] = []

    var name: String { "chain-rank-stops-at-four" }
    var promises: OrderingPromises { [.strictPriority, .longestChainFirst] }
    var ranksByHeight: Bool { true }
    var heightCap: Int { 64 }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) { entries.append(entry) }

    mutating func pop(now: UInt64) -> ReadyEntry? {
        entries.removeAll { !$0.isCurrent }
        let best = entries.indices.max { a, b in
            let (x, y) = (entries[a], entries[b])
            return (x.level, min(x.operation.chainHeight, 4), -Int(x.operation.readyOrder))
                < (y.level, min(y.operation.chainHeight, 4), -Int(y.operation.readyOrder))
        }
        return best.map { entries.remove(at: $0) }
    }
}
