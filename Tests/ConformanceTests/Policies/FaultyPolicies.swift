import QueueLabCore
import QueueLabScheduling

// Policies that break the seam itself, each declaring `strict`'s promises: the queue must refuse
// their bad picks (a PolicyFault, a safe pick instead) and the running check must FAIL naming them.

/// Strict, but one pop in 400 returns a stale entry for the operation it should return (the same
/// operation, the ticket of its previous listing).
struct ReturnsStaleRarely: SchedulingPolicy {
    private var lists = LevelDeques()
    private var pops = 0

    var name: String { "returns-stale-rarely" }
    var promises: OrderingPromises { [.strictPriority, .fifoWithinLevel] }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) { lists.append(entry) }

    mutating func pop(now: UInt64) -> ReadyEntry? {
        pops += 1
        guard pops % 400 == 0 else { return lists.popHighestFirst() }
        for level in (0..<5).reversed() {
            if let head = lists.head(level) {
                let priority = QueuePriority(level: head.level)
                return ReadyEntry(operation: head.operation, ticket: head.ticket &- 1, priority: priority)
            }
        }
        return nil
    }
}

/// Strict, but the first `veryLow` operation pushed after 100 pushes is never stored: it stays
/// ready in the queue while the policy, once the rest ran, returns nil. (A lost operation of a
/// higher level would show first as an order violation; this one shows only as the lost entry.)
struct LosesOneEntry: SchedulingPolicy {
    private var lists = LevelDeques()
    private var pushes = 0
    private var lost = false

    var name: String { "loses-one-entry" }
    var promises: OrderingPromises { [.strictPriority, .fifoWithinLevel] }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        pushes += 1
        if !lost && pushes > 100 && entry.level == 0 {
            lost = true
            return
        }
        lists.append(entry)
    }

    mutating func pop(now: UInt64) -> ReadyEntry? { lists.popHighestFirst() }
}

/// Strict, but one pop in 300 returns the entry it returned last time again.
struct ReturnsOneTwice: SchedulingPolicy {
    private var lists = LevelDeques()
    private var pops = 0
    private var last: ReadyEntry?

    var name: String { "returns-one-twice" }
    var promises: OrderingPromises { [.strictPriority, .fifoWithinLevel] }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) { lists.append(entry) }

    mutating func pop(now: UInt64) -> ReadyEntry? {
        pops += 1
        if pops % 300 == 0, let last { return last }
        last = lists.popHighestFirst()
        return last
    }
}

/// Strict, but one pop in 300 returns an entry for an operation it was never given (of no queue).
struct ReturnsNeverPushed: SchedulingPolicy {
    private var lists = LevelDeques()
    private var pops = 0

    var name: String { "returns-never-pushed" }
    var promises: OrderingPromises { [.strictPriority, .fifoWithinLevel] }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) { lists.append(entry) }

    mutating func pop(now: UInt64) -> ReadyEntry? {
        pops += 1
        guard pops % 300 == 0 else { return lists.popHighestFirst() }
        let stranger = ScheduledOperation(name: "stranger", priority: .veryHigh, isAsynchronous: false)
        return ReadyEntry(operation: stranger, ticket: stranger.readyTicket, priority: .veryHigh)
    }
}
