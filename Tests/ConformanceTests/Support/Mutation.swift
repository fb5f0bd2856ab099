import QueueLabCore

/// One deliberate bug of the test queue: each mutant is the correct queue with exactly one of these.
enum Mutation: String, CaseIterable, Sendable {
    case none
    case ignoresPriority
    case brokenFIFO
    case startsBeforeDependencyFinishes
    case runsCancelled
    case neverFinishesCancelled
    case runsBodyTwice
    case exceedsWidth
    /// At the default width, runs one operation at a time (as if the default were 1).
    case serialAtDefaultWidth
    case showsExecutingAndFinished
    case hangsOnCycle
    case dropsCompletion
    case barrierDoesNotWait
    /// The barrier waits only for what was executing when it was added.
    case barrierWaitsOnlyForExecuting
    /// FIFO within a level holds for the first ``QueueFlavor/levelRingCapacity`` waiting operations only.
    case fifoBreaksPastCapacity
    /// A cancel landing after the hand-off makes the body run again, on every
    /// ``QueueFlavor/duplicateOneIn``-th such race.
    case runsBodyTwiceRarely
    case neverRuns
    /// Each operation holds its queue for good (the defect `lock` and `actor` had).
    case keepsQueueAlive
    /// Nothing holds a busy queue: dropped with work pending, it shuts down under its operations.
    case freedUnderWork
    /// A batch is added one member at a time, waking workers after each.
    case admitsOneByOne
    /// Resuming wakes the queue only when it has a worker: a queue whose workers all retired while
    /// it was suspended stays put.
    case resumeForgetsIdleQueue
    /// A bounded wait takes an asynchronous operation that is executing (its body returned, no
    /// `finish()` yet) for finished.
    case boundedWaitSkipsExecutingAsync
    /// A finishing operation wakes only its own queue, not the queues of its dependents.
    case losesCrossQueueWakeup
    /// A batch is listed with its edge-free members first, members with dependency edges (either
    /// way) last: FIFO within a level breaks for them (the defect `lock` and `actor` had).
    case listsEdgedMembersLast
}

/// A test queue's configuration, as a type: each flavor is a distinct `OperationQueueing` type.
protocol QueueFlavor: Sendable {
    static var mutation: Mutation { get }
    /// Whether cycles are rejected (QueueLab's behaviour) or left to deadlock (Foundation's).
    static var rejectsCycles: Bool { get }
    /// `fifoBreaksPastCapacity`: waiting operations per level kept in order; more break FIFO.
    static var levelRingCapacity: Int { get }
    /// `runsBodyTwiceRarely`: every this-many-th racing cancel runs the body a second time.
    static var duplicateOneIn: Int { get }
}

extension QueueFlavor {
    static var rejectsCycles: Bool { mutation == .none }
    static var levelRingCapacity: Int { 64 }
    static var duplicateOneIn: Int { 1_000 }
}
