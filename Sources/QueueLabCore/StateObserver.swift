import Synchronization

/// One transition of one operation: the unit of a trace.
public struct StateTransition: Sendable, Hashable, CustomStringConvertible {
    /// The operation that made the transition.
    public let operation: OperationID
    /// The operation's name; nil when it has none.
    public let name: String?
    /// The state entered, or the cancellation flag raised.
    public let event: OperationEvent
    /// The operation's ``QueueOperation/queuePriority`` at this transition.
    public let priority: QueuePriority
    /// The priority the queue ordered the operation by at this transition: above ``priority`` when
    /// it inherited a higher one from an operation waiting for it (the `inherit` policy), else the same.
    public let effectivePriority: QueuePriority
    /// ``MonotonicClock`` nanoseconds.
    public let timestamp: UInt64
    /// The thread that made the transition (``ThreadIdentity``).
    public let thread: UInt64
    /// Process-wide order of transitions: taken where the transition happened, so sorting a trace by
    /// it gives an order consistent with causality even when deliveries from two threads interleave
    /// or two timestamps tie.
    public let sequence: UInt64

    /// A transition of `operation`; by default it is stamped with the current time, the calling
    /// thread and the next sequence number, so build it where the transition happens. A nil
    /// `effectivePriority` means `priority`.
    public init(
        operation: OperationID, name: String?, event: OperationEvent, priority: QueuePriority,
        effectivePriority: QueuePriority? = nil, timestamp: UInt64 = MonotonicClock.now(),
        thread: UInt64 = ThreadIdentity.current(),
        sequence: UInt64 = StateTransition.nextSequence()
    ) {
        self.sequence = sequence
        self.operation = operation
        self.name = name
        self.event = event
        self.priority = priority
        self.effectivePriority = effectivePriority ?? priority
        self.timestamp = timestamp
        self.thread = thread
    }

    private static let sequenceCounter = Atomic<UInt64>(0)

    /// Takes the next value of the process-wide ``sequence`` counter, for a transition that is built
    /// after it happened.
    public static func nextSequence() -> UInt64 {
        sequenceCounter.add(1, ordering: .relaxed).newValue
    }

    /// The operation's identity and name, as reports show it.
    public var label: OperationLabel { OperationLabel(id: operation, name: name) }

    public var description: String {
        let priorities = effectivePriority == priority ? "\(priority)" : "\(priority), runs as \(effectivePriority)"
        return "\(timestamp) \(label) \(event) [\(priorities)] t\(thread)"
    }
}

/// The KVO of this world: receives every transition of every operation added to the queues it is
/// installed on.
///
/// What a conforming queue promises its observer (the suite checks it: the `delivery-order` rule):
/// - each operation's transitions arrive in the order they were made (``StateTransition/sequence``
///   increasing), so a `pending` made before a `ready` is never received after it;
/// - QueueLab's own queues go further: all transitions of one queue arrive in the order of the
///   queue's serialisation, so once an operation's `finished` arrived, every transition the queue
///   made before it arrived too; and an operation's `executing` has arrived before its body starts
///   (the worker waits for it, as Foundation's KVO observers of `isExecuting` are told before
///   `main` runs), so an observer must not wait for the queue to make progress;
/// - calls never arrive while the queue holds a lock, and may come from any thread (not always the
///   one that made the transition: ``StateTransition/thread`` names that one);
/// - delivery may lag the state: a wait on the queue can return before its last `finished` was
///   received.
public protocol StateObserver: AnyObject, Sendable {
    /// Receives `transition`, on any thread; it must return without waiting for the queue to make
    /// progress.
    func operationDidTransition(_ transition: StateTransition)
}
