/// Where an operation stands in its queue's bookkeeping (finer than its public state).
public enum Placement: UInt8, Sendable {
    /// Not added to a queue yet, or added and its readiness not decided yet.
    case unplaced
    /// In a queue, waiting on unfinished dependencies.
    case waiting
    /// In one of the queue's ready lists.
    case readyListed
    /// Taken by a worker.
    case executing
    /// Finished: its queue no longer schedules it.
    case finished
}
