import Synchronization

/// One transition of one operation: the unit of a trace.
public struct StateTransition: Sendable, Hashable, CustomStringConvertible {
    public let operation: OperationID
    public let name: String?
    public let event: OperationEvent
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

    public static func nextSequence() -> UInt64 {
        sequenceCounter.add(1, ordering: .relaxed).newValue
    }

    public var label: OperationLabel { OperationLabel(id: operation, name: name) }

    public var description: String {
        let priorities = effectivePriority == priority ? "\(priority)" : "\(priority), runs as \(effectivePriority)"
        return "\(timestamp) \(label) \(event) [\(priorities)] t\(thread)"
    }
}

/// The KVO of this world: receives every transition of every operation added to the queues it is
/// installed on, from the thread that made it.
///
/// Calls arrive concurrently from many threads, never while a queue holds a lock. Two events of
/// one operation made on two threads (ready by the thread that finished its last dependency,
/// executing by a worker) may be *delivered* in either order: order a trace by
/// ``StateTransition/sequence`` (or timestamp) to get each operation's history.
public protocol StateObserver: AnyObject, Sendable {
    func operationDidTransition(_ transition: StateTransition)
}
