/// A change the recorded app made to one of its queues while the recorder ran: what decides when
/// operations could start besides the operations themselves.
public struct RecordedQueueChange: Sendable, Hashable {
    /// What changed: the queue's width, or its suspension.
    public enum Kind: Sendable, Hashable {
        /// `isSuspended` set: true suspended, false resumed.
        case suspended(Bool)
        /// `maxConcurrentOperationCount` set (-1: the queue's default).
        case width(Int)
    }

    /// The queue's index (``Recording/queues``).
    public var queue: Int
    /// Nanoseconds from the recorder's start.
    public var at: UInt64
    /// What changed, and to what.
    public var kind: Kind

    /// A change of the queue at index `queue`, `at` nanoseconds from the recorder's start.
    public init(queue: Int, at: UInt64, kind: Kind) {
        self.queue = queue
        self.at = at
        self.kind = kind
    }

    /// Its line (``RecordingFormat``), with the newline.
    var line: String {
        switch kind {
        case .suspended(let suspended): "s \(queue) \(at) \(suspended ? 1 : 0)\n"
        case .width(let width): "w \(queue) \(at) \(width)\n"
        }
    }
}
