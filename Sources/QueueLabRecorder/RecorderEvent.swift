import QueueLabCore

/// What the observer appends for one transition: a few words, no formatting and no I/O, so that the
/// queue's thread pays an append under a short lock and nothing else.
struct RecorderEvent: Sendable {
    enum Kind: UInt8, Sendable {
        case added
        case started
        case finished
        case cancelled
    }

    var kind: Kind
    var id: UInt64
    var time: UInt64
    var queue: Int32
    var priority: QueuePriority
    /// The operation's name on `added`.
    var name: String?
}
