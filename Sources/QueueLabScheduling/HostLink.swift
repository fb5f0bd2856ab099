/// How an operation reaches the queue that took it: a small object of the queue's, which refers to
/// the queue weakly. Operations hold the link strongly, so claiming costs a retain, not a weak
/// reference per operation (forming, assigning and destroying one was a visible share of an empty
/// operation's instructions under Callgrind: `results/README.md`, "Figures the documentation used
/// to show"), and a finished operation the caller keeps never keeps its queue alive.
package final class HostLink: @unchecked Sendable {
    // @unchecked Sendable: `host` is written once, by the queue's initialiser, before the queue
    // (and so the link) is visible to any other thread; afterwards it is only read, and Swift's
    // weak references are safe to load from any thread, also while the queue is being freed.
    /// The queue this link belongs to; nil before ``connect(_:)`` and once the queue was freed.
    package private(set) weak var host: (any OperationHost)?

    /// A link to no queue yet: the queue's initialiser makes one, then calls ``connect(_:)``.
    package init() {}

    /// Called once, from the host's initialiser.
    package func connect(_ host: any OperationHost) { self.host = host }
}
