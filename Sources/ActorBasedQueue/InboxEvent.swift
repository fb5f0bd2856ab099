import QueueLabScheduling

/// A change handed from any thread to the scheduler actor, applied in the order it was made.
enum InboxEvent {
    /// Added with no dependency edges: ready at once.
    case enqueue(ScheduledOperation)
    /// Added with edges: the graph decided whether it is ready.
    case decide(ScheduledOperation, isReady: Bool)
    case release(ScheduledOperation)
    case block(ScheduledOperation)
    case reprioritize(ScheduledOperation)
    /// An asynchronous operation reported `finish()`; its state is already `finished`.
    case asynchronousFinish(ScheduledOperation)
    /// A batch is being admitted: nothing starts until `.endAdmission`.
    case beginAdmission
    case endAdmission
    case setWidth(Int)
    case setSuspended(Bool)
}
