import QueueLabCore
@_spi(QueueInternals) import QueueLabScheduling

/// An operation that left the queue under the lock, and what is still owed for it once the lock
/// is released: its `finished` transition, the waiters for an empty queue, and its finish (the
/// finish signal, dependents, completion handler).
struct Retirement {
    let operation: ScheduledOperation
    let transition: TransitionDelivery?
    let wakesWaiters: Bool

    /// Lock released: everything owed, the finish (and a completion handler) included.
    func complete(on queue: LockQueue) {
        announce(on: queue)
        operation.completeFinish()
    }

    /// Lock released: the `finished` transition and the waiters, for a caller that runs the
    /// finish itself (a worker steps away from its place while a completion handler runs).
    func announce(on queue: LockQueue) {
        operation.deliver(transition)
        if wakesWaiters { queue.lock.withLock { queue.allFinished.broadcast() } }
    }
}
