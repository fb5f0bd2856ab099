/// An operation with `NSOperation` semantics, as every QueueLab queue offers it.
///
/// States move forward only (pending, ready, executing, finished); the cancellation flag is
/// orthogonal. Every member is safe to call from any thread and from async code; none blocks
/// except the `waitUntilFinished` family.
///
/// Unlike Foundation's `Operation`, there is no `start()`: an operation runs only when a queue
/// starts it (see <doc:RunningAnOperation>).
public protocol QueueOperation: AnyObject, Sendable {
    /// Creates an operation that is not in a queue yet.
    init(name: String?, priority: QueuePriority, body: OperationBody<Self>)

    /// The operation's process-wide identity, taken from ``OperationID/next()``.
    var id: OperationID { get }
    /// The operation's name; nil when it has none.
    var name: String? { get }
    /// Read at scheduling time; changing it while the operation waits in a queue moves it.
    var queuePriority: QueuePriority { get set }
    /// Whether the body is asynchronous: the operation finishes on ``finish()``, not when its body
    /// returns.
    var isAsynchronous: Bool { get }

    /// The current state, readable from any thread while the operation runs.
    var state: OperationState { get }
    /// Whether ``cancel()`` was called; once raised, the flag stays.
    var isCancelled: Bool { get }

    /// Runs exactly once, after the operation finished (also when it was cancelled).
    var completionHandler: (@Sendable () -> Void)? { get set }

    /// The operations this one waits for, in the order they were added.
    var dependencies: [Self] { get }
    /// This operation starts only after `operation` finished. A dependency on a finished operation
    /// is a no-op for readiness.
    ///
    /// - Throws: ``QueueError`` when the edge would close a dependency cycle (QueueLab's queues) or
    ///   when the implementation cannot take the call without crashing or hanging (Foundation).
    /// - Complexity: O(1) bookkeeping, plus the cycle search of the implementation.
    func addDependency(_ operation: Self) throws(QueueError)
    /// Removes the dependency on `operation`, if there is one; this operation may then become ready.
    func removeDependency(_ operation: Self)

    /// A request, not a stop: sets the flag; a body that has not started never runs.
    func cancel()

    /// Reports that an asynchronous operation's work is done; it then leaves its width slot.
    ///
    /// - Throws: ``QueueError/notAsynchronous(_:)`` for a synchronous operation,
    ///   ``QueueError/notExecuting(_:)`` when the operation is not executing.
    func finish() throws(QueueError)

    /// Blocks the calling thread until the operation finished.
    func waitUntilFinished()
    /// Blocks at most `timeout`; returns whether the operation finished.
    func waitUntilFinished(timeout: Duration) -> Bool
}

extension QueueOperation {
    /// The operation's identity and name, as reports show it.
    public var label: OperationLabel { OperationLabel(id: id, name: name) }

    /// Whether the operation's ``state`` is ``OperationState/finished``.
    public var isFinished: Bool { state == .finished }
    /// Whether the operation's ``state`` is ``OperationState/executing``.
    public var isExecuting: Bool { state == .executing }

    /// A synchronous operation at normal priority.
    public init(name: String? = nil, _ body: @escaping @Sendable (Self) -> Void) {
        self.init(name: name, priority: .normal, body: .synchronous(body))
    }
}
