import QueueLabCore
import QueueLabScheduling

/// An operation that left the queue under the lock, and what is still owed for it once the lock
/// is released: its `finished` transition, the waiters for an empty queue, and its finish (the
/// finish signal, dependents, completion handler).
struct Retirement {
    let operation: ScheduledOperation
    let transition: StateTransition?
    let wakesWaiters: Bool

    /// Lock released.
    func complete(on queue: LockQueue) {
        queue.completeRetirement(operation, transition, wakesWaiters)
    }
}
