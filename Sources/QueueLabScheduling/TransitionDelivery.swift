import DequeModule
import QueueLabCore
import Synchronization

/// Delivers the transitions of one queue's operations to its observer in the order they were
/// made, with no queue lock held while the observer runs.
///
/// Transitions are made in three domains (the queue's serialisation, the dependency graph's lock
/// through the queue's host callbacks, and a cancel's flag), and used to be delivered by whichever
/// thread made them, after it let go of its lock: two deliveries could cross, so an observer could
/// see `ready` before the `pending` made ahead of it, and a trace read once `finished` arrived
/// could still miss earlier transitions. Here a transition is *recorded* where it is made (the
/// caller still holds the serialisation that made it) and *delivered* later by whoever calls
/// ``deliver()``:
///
/// - **Order.** ``record(_:_:)`` takes the transition's causal sequence number and appends it in
///   one section of this object's lock, so the log's order is the sequence order, and a transition
///   made after another (in any domain: causality between domains runs through their locks, which
///   the recorder holds) is recorded after it. The log is delivered first in, first out, by one
///   thread at a time: the observer receives the sequence numbers in increasing order.
/// - **No lock held by the observer.** The deliverer pops one transition under the lock and calls
///   the observer after releasing it. A thread that finds a delivery under way leaves its
///   transitions to that deliverer (whose loop runs until the log is empty) instead of waiting,
///   so an observer that adds work to the queue (a transition recorded, then ``deliver()`` called,
///   from inside the observer) does not deadlock: its transition is delivered after the call
///   returns. The check for emptiness and the release of the deliverer's role happen in one lock
///   section, so a transition recorded at any time is delivered by someone.
/// - **Completeness.** Once the observer received an operation's `finished`, it received every
///   transition recorded before it, of every operation of the queue.
/// - **Cost.** Only queues with an observer make one of these: with none, a transition costs the
///   load of a nil reference and a branch, as before.
///
/// Delivery may lag the state: a wait on the queue can return before the observer received the
/// last `finished` (another thread may be delivering). Read a trace through the observer (for
/// example until it has every `finished`), not through the queue's waits.
///
/// Not API: SPI rather than `package` because ``PendingDeliveries/note(_:)``, which takes one, is
/// inlined into the queues' modules (see `PThreadMutex`).
@_spi(QueueInternals)
public final class TransitionDelivery: @unchecked Sendable {
    // @unchecked Sendable: `log`, `delivering`, `recorded`, `delivered` and `waiters` are read and
    // written only with `lock` held; the observer and the condition are immutable references.
    /// The observer the transitions go to.
    public let observer: any StateObserver
    private let lock = PThreadMutex()
    @exclusivity(unchecked) private var log = Deque<StateTransition>()
    @exclusivity(unchecked) private var delivering = false
    /// Transitions recorded and delivered so far: what ``deliverBeforeStarting()`` waits on.
    @exclusivity(unchecked) private var recorded: UInt64 = 0
    @exclusivity(unchecked) private var delivered: UInt64 = 0
    @exclusivity(unchecked) private var waiters = 0
    private let caughtUp = PThreadCondition()

    /// A delivery to `observer`, with nothing recorded.
    public init(observer: any StateObserver) {
        self.observer = observer
    }

    /// Records a transition of `operation`; the caller holds the serialisation that made it.
    public func record(_ operation: ScheduledOperation, _ event: OperationEvent) {
        lock.lock()
        // Made inside the lock: the sequence number and the place in the log agree.
        log.append(operation.transition(event))
        recorded &+= 1
        lock.unlock()
    }

    /// Sets the operation's cancelled flag and records `cancelled` in one section, so that a queue
    /// that saw the flag records its consequences (`finished` without a body) after it.
    ///
    /// - Returns: false when the operation was already cancelled (nothing recorded).
    func recordCancel(of operation: ScheduledOperation) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !operation.cancelledFlag.exchange(true, ordering: .sequentiallyConsistent) else { return false }
        log.append(operation.transition(.cancelled))
        recorded &+= 1
        return true
    }

    /// Delivers everything recorded so far, unless another thread is delivering (then it will).
    /// No lock may be held by the caller: the observer runs here.
    public func deliver() {
        lock.lock()
        guard !delivering else {
            lock.unlock()
            return
        }
        drainAndUnlock()
    }

    /// As ``deliver()``, but returns only once everything recorded so far was delivered, waiting
    /// for the thread delivering if there is one: what a worker calls after recording `executing`,
    /// so that the observer has received it before the body starts (as Foundation's KVO observers
    /// of `isExecuting` are told on the starting thread before `main` runs). Never call it from an
    /// observer (it would wait for itself): only a worker about to start a body does, and no body
    /// starts inside an observer call. An observer that blocks until a body runs would block that
    /// body's worker here; an observer must not wait for the queue.
    public func deliverBeforeStarting() {
        lock.lock()
        let target = recorded
        while delivering && delivered < target {
            waiters += 1
            caughtUp.wait(lock)
            waiters -= 1
        }
        guard delivered < target else {
            lock.unlock()
            return
        }
        drainAndUnlock()
    }

    /// `lock` held and nobody delivering: delivers the log until it is empty, then unlocks.
    private func drainAndUnlock() {
        delivering = true
        while let transition = log.popFirst() {
            lock.unlock()
            observer.operationDidTransition(transition)
            lock.lock()
            delivered &+= 1
            if waiters > 0 { caughtUp.broadcast() }
        }
        delivering = false
        if waiters > 0 { caughtUp.broadcast() }
        lock.unlock()
    }
}

/// The deliveries a lock section recorded into, to run once the lock is released: usually one
/// (the queue's), more when the observer was replaced while older operations were still queued.
/// SPI, not `package`: the queues inline ``note(_:)`` (see `PThreadMutex`).
@_spi(QueueInternals)
public struct PendingDeliveries: Sendable {
    @usableFromInline var deliveries: [TransitionDelivery] = []

    /// No deliveries noted.
    public init() {}

    /// Whether no delivery was noted.
    public var isEmpty: Bool { deliveries.isEmpty }

    /// Notes that `delivery` (nil: no observer) has something recorded.
    @inlinable
    public mutating func note(_ delivery: TransitionDelivery?) {
        guard let delivery, deliveries.last !== delivery else { return }
        deliveries.append(delivery)
    }

    /// No lock held: delivers what was noted.
    public func deliver() {
        for delivery in deliveries { delivery.deliver() }
    }

    /// No lock held: delivers what was noted and waits until it was delivered (see
    /// ``TransitionDelivery/deliverBeforeStarting()``): for a worker about to start a body.
    public func deliverBeforeStarting() {
        for delivery in deliveries { delivery.deliverBeforeStarting() }
    }
}
