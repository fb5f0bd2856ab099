import QueueLabCore
import QueueLabScheduling

// Policies that declare a promise and break it, written against the public seam only, the way a
// policy from another package would be: the suite must FAIL each on the check of that promise.

/// Declares aging (bounded wait, one level per millisecond) but never ages: strict priority.
struct NeverAges: SchedulingPolicy {
    private var strict = StrictPolicy()

    var name: String { "never-ages" }
    var promises: OrderingPromises { [.fifoWithinLevel, .boundedWait] }
    var declaration: PolicyDeclaration {
        PolicyDeclaration(
            name: name, parameters: [PolicyParameter(key: "step", value: "1ms")], promises: promises,
            agingStep: .milliseconds(1))
    }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        strict.push(entry, reason: reason, now: now)
    }

    mutating func pop(now: UInt64) -> ReadyEntry? { strict.pop(now: now) }
}

/// Declares weighted shares 1:2:4:8:16 but is strict priority: the highest level takes everything.
struct StrictCalledWeighted: SchedulingPolicy {
    private var strict = StrictPolicy()

    var name: String { "strict-called-weighted" }
    var promises: OrderingPromises { [.fifoWithinLevel, .weightedShares] }
    var declaration: PolicyDeclaration {
        PolicyDeclaration(name: name, promises: promises, shareWeights: [1, 2, 4, 8, 16])
    }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        strict.push(entry, reason: reason, now: now)
    }

    mutating func pop(now: UInt64) -> ReadyEntry? { strict.pop(now: now) }
}

/// Declares FIFO (ready order) but is a single stack: the newest ready operation starts first.
struct LIFOCalledFIFO: SchedulingPolicy {
    private var stack: [ReadyEntry] = []

    var name: String { "lifo-called-fifo" }
    var promises: OrderingPromises { [.readyOrder, .fifoWithinLevel] }
    var relistsOnPriorityChange: Bool { false }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) { stack.append(entry) }

    mutating func pop(now: UInt64) -> ReadyEntry? {
        while let entry = stack.popLast() {
            if entry.isCurrent { return entry }
        }
        return nil
    }
}

/// Declares strict priority with LIFO within a level, but within a level starts the oldest first.
struct FIFOCalledLIFO: SchedulingPolicy {
    private var strict = StrictPolicy()

    var name: String { "fifo-called-lifo" }
    var promises: OrderingPromises { [.strictPriority, .lifoWithinLevel] }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        strict.push(entry, reason: reason, now: now)
    }

    mutating func pop(now: UInt64) -> ReadyEntry? { strict.pop(now: now) }
}

/// Declares priority inheritance but orders by the priority the user set: the inversion stays.
struct StrictCalledInherit: SchedulingPolicy {
    private var strict = StrictPolicy()

    var name: String { "strict-called-inherit" }
    var promises: OrderingPromises { [.strictPriority, .fifoWithinLevel, .priorityInheritance] }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        strict.push(entry, reason: reason, now: now)
    }

    mutating func pop(now: UInt64) -> ReadyEntry? { strict.pop(now: now) }
}

/// Inherits, but never relists a ready operation when its priority changes: an operation listed
/// at an inherited priority keeps it after the operation that waited for it was cancelled.
struct InheritNeverFallsBack: SchedulingPolicy {
    private var strict = StrictPolicy()

    var name: String { "inherit-never-falls-back" }
    var promises: OrderingPromises { [.strictPriority, .fifoWithinLevel, .priorityInheritance] }
    var inheritsPriority: Bool { true }
    var relistsOnPriorityChange: Bool { false }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        strict.push(entry, reason: reason, now: now)
    }

    mutating func pop(now: UInt64) -> ReadyEntry? { strict.pop(now: now) }
}
