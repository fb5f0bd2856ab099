/// One transition of one operation: the unit of a trace.
public struct StateTransition: Sendable, Hashable, CustomStringConvertible {
    public let operation: OperationID
    public let name: String?
    public let event: OperationEvent
    public let priority: QueuePriority
    /// ``MonotonicClock`` nanoseconds.
    public let timestamp: UInt64
    /// The thread that made the transition (``ThreadIdentity``).
    public let thread: UInt64

    public init(
        operation: OperationID, name: String?, event: OperationEvent, priority: QueuePriority,
        timestamp: UInt64 = MonotonicClock.now(), thread: UInt64 = ThreadIdentity.current()
    ) {
        self.operation = operation
        self.name = name
        self.event = event
        self.priority = priority
        self.timestamp = timestamp
        self.thread = thread
    }

    public var label: OperationLabel { OperationLabel(id: operation, name: name) }

    public var description: String { "\(timestamp) \(label) \(event) [\(priority)] t\(thread)" }
}

/// The KVO of this world: receives every transition of every operation added to the queues it is
/// installed on, from the thread that made it.
///
/// Calls arrive concurrently from many threads, never while a queue holds a lock, and in an
/// order consistent with each operation's own history (its events' timestamps only grow).
public protocol StateObserver: AnyObject, Sendable {
    func operationDidTransition(_ transition: StateTransition)
}
