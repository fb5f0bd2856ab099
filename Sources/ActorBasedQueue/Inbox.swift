import QueueLabCore
@_spi(QueueInternals) import QueueLabScheduling
import Synchronization

/// The synchronous side of an ``ActorQueue``: what callers on plain threads must see or change at
/// once (membership, settings as last set, waiters), and the ordered log of changes the scheduler
/// actor has not applied yet. Adding appends to the log under a lock instead of starting a task per
/// operation, which is what keeps submission order.
final class Inbox: @unchecked Sendable {
    // @unchecked: every mutable stored property is read and written only with `lock` held.
    // @exclusivity(unchecked) on them for the reason given on `ScheduledOperation`'s fields.
    let lock = PThreadMutex()
    let allFinished = PThreadCondition()

    @exclusivity(unchecked) var events: [InboxEvent] = []
    /// A drain task is on its way to the scheduler: later changes ride along with it.
    @exclusivity(unchecked) var drainScheduled = false
    @exclusivity(unchecked) var members = MembershipList()
    /// The queue while it has members: what keeps a queue with pending work alive (its operations
    /// refer to it weakly, and its workers hold only this inbox and the scheduler).
    @exclusivity(unchecked) var queueWhileBusy: ActorQueue?
    @exclusivity(unchecked) var allFinishedWaiters = 0
    /// Where transitions of operations added from now on go (nil: no observer).
    @exclusivity(unchecked) var delivery: TransitionDelivery?
    @exclusivity(unchecked) var barrier: ActorOperation?
    /// How many barriers were installed; changed only under `lock`, read without it only to skip
    /// the barrier lookup before the first one.
    let barrierGeneration = Atomic<UInt64>(0)
    @exclusivity(unchecked) var maxConcurrentOperationCount = defaultMaxConcurrentOperationCount
    @exclusivity(unchecked) var isSuspended = false

    /// Lock held: logs `event`; true when the caller must start a drain after unlocking.
    func post(_ event: InboxEvent) -> Bool {
        events.append(event)
        if drainScheduled { return false }
        drainScheduled = true
        return true
    }

    /// Lock held: the operation becomes a member; the first member keeps the queue alive.
    func join(_ operation: ScheduledOperation, of queue: ActorQueue) {
        if members.append(operation) { queueWhileBusy = queue }
    }

    /// Takes the log (the scheduler applies it in order), after removing `retired` from the
    /// members: one lock section per worker hop.
    ///
    /// Only the drain task clears `drainScheduled`: were workers to clear it on every hop, every
    /// add in between would start a drain task of its own.
    func take(retiring retired: ScheduledOperation? = nil, byDrainTask: Bool = false) -> [InboxEvent] {
        var idleQueue: ActorQueue?
        defer { _ = idleQueue }  // Freed, if this was the last reference, after the lock.
        return lock.withLock {
            if let retired { idleQueue = removeLocked(retired) }
            if byDrainTask { drainScheduled = false }
            guard !events.isEmpty else { return [] }
            defer { events = [] }
            return events
        }
    }

    /// The operation left the queue; wakes waiters when it was the last.
    func remove(_ operation: ScheduledOperation) {
        let idleQueue = lock.withLock { removeLocked(operation) }
        _ = idleQueue  // Freed, if this was the last reference, after the lock.
    }

    /// Lock held: returns the queue when its last member left, for the caller to let go of once
    /// the lock is released (the queue's deinit must not run inside this lock).
    private func removeLocked(_ operation: ScheduledOperation) -> ActorQueue? {
        guard members.remove(operation) else { return nil }
        if allFinishedWaiters > 0 { allFinished.broadcast() }
        defer { queueWhileBusy = nil }
        return queueWhileBusy
    }
}
