import Foundation
import QueueLabCore

/// Relays one operation's transitions to the queue's observer, forward only and in the order they
/// were claimed, without ever calling the observer while a lock is held.
///
/// Not a log: it keeps nothing once a transition was delivered (QueueLabBenchmarks'
/// `TransitionLog` is the record of a run, an observer at the receiving end of relays like this
/// one). It is the Foundation adapter's source of transitions, one per observed operation.
///
/// Foundation makes transitions on several threads at once (a dependency finishing on one thread
/// makes the operation ready while a `_schedule` pass on another thread already started it), so
/// a transition is first *claimed* under a lock, which fixes its place and timestamp, then
/// delivered outside the lock by whichever thread is not already delivering. A thread that finds
/// another one delivering leaves its transition to that thread: delivery order is claim order,
/// and each transition still carries the thread that made it.
///
/// A state at or below the one already reached is dropped (Foundation can make an operation
/// not-ready again when a dependency is added late; the trace only moves forward). Going from
/// `pending` to `executing` or `finished` claims the `ready` that Foundation passed through
/// without a notification this adapter could see (see ``BackingOperation/isReady``).
final class OperationTransitionRelay: @unchecked Sendable {
    // @unchecked Sendable: every mutable field below is read and written only with `lock` held;
    // the rest is immutable, and the observer is Sendable. A bare NSLock, not `Locked`: a claim
    // hands its lock section on to the delivery loop (`deliverAndUnlock()`), which lets go of it
    // and takes it again around each batch, and this is the Foundation queue's own path, run on
    // every transition of an observed operation.
    private let lock = NSLock()
    private let observer: any StateObserver
    private let operation: OperationID
    private let name: String?
    private var reached: OperationState?
    private var cancellationClaimed = false
    private var backlog: [StateTransition] = []
    private var isDelivering = false

    init(observer: any StateObserver, operation: OperationID, name: String?) {
        self.observer = observer
        self.operation = operation
        self.name = name
    }

    /// Whether the trace already reached `state` (so that reporting it again is a no-op).
    func hasReached(_ state: OperationState) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return reached.map { state <= $0 } ?? false
    }

    /// Claims `state` (and a skipped `ready`) unless the trace already reached it, then delivers.
    func advance(to state: OperationState, priority: QueuePriority) {
        lock.lock()
        if let reached, state <= reached {
            lock.unlock()
            return
        }
        let now = MonotonicClock.now()
        let thread = ThreadIdentity.current()
        if state > .ready, reached ?? .pending < .ready {
            backlog.append(transition(.ready, priority, now, thread))
        }
        backlog.append(transition(OperationEvent(state), priority, now, thread))
        reached = state
        deliverAndUnlock()
    }

    /// Claims the `cancelled` event once, whatever the state.
    func recordCancellation(priority: QueuePriority) {
        lock.lock()
        if cancellationClaimed {
            lock.unlock()
            return
        }
        cancellationClaimed = true
        backlog.append(transition(.cancelled, priority, MonotonicClock.now(), ThreadIdentity.current()))
        deliverAndUnlock()
    }

    private func transition(
        _ event: OperationEvent, _ priority: QueuePriority, _ timestamp: UInt64, _ thread: UInt64
    ) -> StateTransition {
        StateTransition(
            operation: operation, name: name, event: event, priority: priority, timestamp: timestamp, thread: thread)
    }

    /// Called with `lock` held; returns with it released.
    private func deliverAndUnlock() {
        if isDelivering {
            lock.unlock()
            return
        }
        isDelivering = true
        while !backlog.isEmpty {
            let batch = backlog
            backlog.removeAll(keepingCapacity: true)
            lock.unlock()
            for transition in batch {
                observer.operationDidTransition(transition)
            }
            lock.lock()
        }
        isDelivering = false
        lock.unlock()
    }
}
