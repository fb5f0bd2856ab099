import Foundation
import QueueLabCore

extension FoundationQueue {
    /// - Throws: `QueueError.alreadyEnqueued(_:)`, `QueueError.alreadyStarted(_:)` or
    ///   `QueueError.alreadyFinished(_:)` where Foundation would crash the process;
    ///   `QueueError.refused(_:)` for a cancelled operation while a barrier is pending, where
    ///   Foundation would hang (see `refuseCancelledBehindBarrier(_:)`).
    public func addOperation(_ operation: FoundationOperation) throws(QueueError) {
        try refuseCancelledBehindBarrier(CollectionOfOne(operation))
        try operation.claim()
        enroll(operation)
        queue.addOperation(operation.backing)
    }

    /// Validates every operation first (also an operation listed twice), adds none when one is
    /// refused, then passes the batch to Foundation in one call.
    public func addOperations(_ operations: [FoundationOperation], waitUntilFinished: Bool) throws(QueueError) {
        try refuseCancelledBehindBarrier(operations)
        var claimed: [FoundationOperation] = []
        claimed.reserveCapacity(operations.count)
        for operation in operations {
            do {
                try operation.claim()
            } catch {
                for taken in claimed {
                    taken.unclaim()
                }
                throw error
            }
            claimed.append(operation)
        }
        for operation in operations {
            enroll(operation)
        }
        queue.addOperations(operations.map(\.backing), waitUntilFinished: waitUntilFinished)
    }

    /// Wraps `block` in a ``FoundationOperation`` (not a `BlockOperation`, so that it appears in
    /// ``operations`` and the bounded waits).
    public func addOperation(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        try addOperation(FoundationOperation(name: nil, priority: .normal, body: .synchronous { _ in block() }))
    }

    /// Foundation's `addBarrierBlock` (present in swift-corelibs-foundation). Its Linux quirk
    /// stays: on an empty queue, even a suspended one, the block runs at once. The bounded wait
    /// counts the barrier until Foundation finished it.
    public func addBarrierBlock(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        let ticket = barriers.issue(tracker: tracker)
        let dispatchQueue = dispatchQueue
        queue.addBarrierBlock {
            block()
            // Runs after the Dispatch barrier that runs this block, i.e. after Foundation
            // finished the barrier operation (on an empty queue: at once).
            dispatchQueue.async { ticket.settle() }
        }
    }

    /// Foundation makes every operation it adds depend on the barriers still waiting in the
    /// queue, under the queue's lock; for a cancelled operation that dependency does not count,
    /// Foundation finds it ready and schedules it, which takes the same lock again: the adding
    /// thread hangs for ever, holding the queue (measured: `FoundationBehaviourProbeTests`).
    /// Refused while any barrier added here has not finished (a little wider than Foundation's
    /// condition, which is a barrier not yet started). An operation cancelled by another thread
    /// while Foundation adds it can still hit the hang.
    private func refuseCancelledBehindBarrier(_ operations: some Collection<FoundationOperation>) throws(QueueError) {
        guard barriers.hasOpen, let cancelled = operations.first(where: \.isCancelled) else { return }
        throw .refused(
            "\(cancelled.label) is cancelled and a barrier is pending: Foundation on Linux would deadlock on its "
                + "queue lock adding it (add it before cancelling it, or once the barrier ran)")
    }

    private func enroll(_ operation: FoundationOperation) {
        barriers.holdUntilOpenBarriersSettle(operation)
        operation.enroll(in: tracker, observer: installedObserver)
    }
}
