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
    case showsExecutingAndFinished
    case hangsOnCycle
    case dropsCompletion
    case barrierDoesNotWait
    case neverRuns
}

/// A test queue's configuration, as a type: each flavor is a distinct `OperationQueueing` type.
protocol QueueFlavor: Sendable {
    static var mutation: Mutation { get }
    /// Whether cycles are rejected (QueueLab's behaviour) or left to deadlock (Foundation's).
    static var rejectsCycles: Bool { get }
}

extension QueueFlavor {
    static var rejectsCycles: Bool { mutation == .none }
}
