import QueueLabCore

/// One finished operation of a recording: what a replay needs to add the same operation at the same
/// time, wait for the same dependencies and run a body of the same length.
public struct RecordedOperation: Sendable, Hashable {
    /// The operation's identity in the recorded process (`OperationID.rawValue`).
    public var id: UInt64
    /// Index of its queue in ``Recording/queues``.
    public var queue: Int
    public var priority: QueuePriority
    /// Nanoseconds from the recorder's start to the add.
    public var added: UInt64
    /// Nanoseconds from the add to the body's start (dependencies, slots, the queue's own delay).
    public var wait: UInt64
    /// Nanoseconds the body ran (its start to the operation's finish).
    public var body: UInt64
    /// Nanoseconds from the add to `cancel()`, or nil when it was never cancelled.
    public var cancelledAfter: UInt64?
    /// Identities of the operations it waited for.
    public var dependencies: [UInt64]
    public var name: String?

    public init(
        id: UInt64, queue: Int, priority: QueuePriority, added: UInt64, wait: UInt64, body: UInt64,
        cancelledAfter: UInt64? = nil, dependencies: [UInt64] = [], name: String? = nil
    ) {
        self.id = id
        self.queue = queue
        self.priority = priority
        self.added = added
        self.wait = wait
        self.body = body
        self.cancelledAfter = cancelledAfter
        self.dependencies = dependencies
        self.name = name
    }

    /// Its `o` line, newline included.
    var line: String {
        let cancel = cancelledAfter.map(String.init) ?? "-"
        let deps = dependencies.isEmpty ? "-" : dependencies.map(String.init).joined(separator: ",")
        return "o \(id) \(queue) \(priority.rawValue) \(added) \(wait) \(body) \(cancel) \(deps) "
            + "\(RecordingFormat.escape(name))\n"
    }

    /// The finish, in nanoseconds from the recorder's start.
    public var finished: UInt64 { added &+ wait &+ body }
}

/// A queue of a recording.
public struct RecordedQueueInfo: Sendable, Hashable {
    public var name: String?
    /// `maxConcurrentOperationCount` when the recorder was installed (-1: the queue's default).
    public var width: Int

    public init(name: String?, width: Int) {
        self.name = name
        self.width = width
    }
}
