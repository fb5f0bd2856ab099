import QueueLabCore
import QueueLabScheduling
import Synchronization

/// The synchronous side of an ``ActorQueue``: what callers on plain threads must see or change at
/// once (membership, settings as last set, waiters), and the ordered log of changes the scheduler
/// actor has not applied yet. Adding appends to the log under a lock instead of starting a task per
/// operation, which is what keeps submission order.
final class Inbox: @unchecked Sendable {
    // @unchecked: every mutable stored property is read and written only with `lock` held.
    let lock = PThreadMutex()
    let allFinished = PThreadCondition()

    var events: [InboxEvent] = []
    /// A drain task is on its way to the scheduler: later changes ride along with it.
    var drainScheduled = false
    var members = MembershipList()
    var allFinishedWaiters = 0
    var observer: (any StateObserver)?
    var barrier: ActorOperation?
    /// How many barriers were installed; changed only under `lock`, read without it only to skip
    /// the barrier lookup before the first one.
    let barrierGeneration = Atomic<UInt64>(0)
    var maxConcurrentOperationCount = defaultMaxConcurrentOperationCount
    var isSuspended = false

    /// Lock held: logs `event`; true when the caller must start a drain after unlocking.
    func post(_ event: InboxEvent) -> Bool {
        events.append(event)
        if drainScheduled { return false }
        drainScheduled = true
        return true
    }

    /// Takes the log (the scheduler applies it in order), after removing `retired` from the
    /// members: one lock section per worker hop.
    ///
    /// Only the drain task clears `drainScheduled`: were workers to clear it on every hop, every
    /// add in between would start a drain task of its own.
    func take(retiring retired: ScheduledOperation? = nil, byDrainTask: Bool = false) -> [InboxEvent] {
        lock.withLock {
            if let retired { removeLocked(retired) }
            if byDrainTask { drainScheduled = false }
            guard !events.isEmpty else { return [] }
            defer { events = [] }
            return events
        }
    }

    /// The operation left the queue; wakes waiters when it was the last.
    func remove(_ operation: ScheduledOperation) {
        lock.withLock { removeLocked(operation) }
    }

    private func removeLocked(_ operation: ScheduledOperation) {
        members.remove(operation)
        if allFinishedWaiters > 0, members.count == 0 { allFinished.broadcast() }
    }
}
