/// A queue with `NSOperationQueue` semantics, as the conformance suite and the benchmark runner
/// see it. Implement this (and ``QueueOperation``) to get QueueLab's verdicts and figures for your
/// own queue.
///
/// Every member is callable from plain threads and from async code; adding never blocks and keeps
/// submission order, so an actor-based implementation must hand operations over synchronously
/// (never through one unstructured `Task` per add).
public protocol OperationQueueing: AnyObject, Sendable {
    /// The operations this queue runs.
    associatedtype Operation: QueueOperation

    /// The name `queuelab` uses for the implementation (`lock`, `actor`, `foundation`...).
    static var implementationName: String { get }
    /// One line: what the implementation is.
    static var implementationSummary: String { get }
    /// What the implementation offers; a check that needs a capability it lacks reports UNSUPPORTED.
    static var capabilities: QueueCapabilities { get }
    /// Contract violations the implementation knows it has (default: none).
    static var knownDeviations: [KnownDeviation] { get }

    /// An empty queue named `name` (nil: unnamed), not suspended, at
    /// ``defaultMaxConcurrentOperationCount``.
    init(name: String?)

    /// The queue's name; nil when it has none.
    var name: String? { get }
    /// Executing operations never exceed it; -1 (``defaultMaxConcurrentOperationCount``) lets the
    /// implementation choose.
    var maxConcurrentOperationCount: Int { get set }
    /// While suspended no operation starts; running ones go on.
    var isSuspended: Bool { get set }

    /// Unfinished operations in the order they were added (a snapshot).
    var operations: [Operation] { get }
    /// How many operations added to the queue are unfinished.
    var operationCount: Int { get }

    /// - Throws: ``QueueError`` for misuse (already queued, finished) or a dependency cycle.
    func addOperation(_ operation: Operation) throws(QueueError)
    /// Adds all or, when one is refused, none of them; then waits when asked. The wait is unbounded:
    /// ``addOperations(_:waitUntilFinishedWithin:)`` is its bounded form.
    func addOperations(_ operations: [Operation], waitUntilFinished: Bool) throws(QueueError)
    /// Wraps `block` in a synchronous operation at normal priority and adds it.
    func addOperation(_ block: @escaping @Sendable () -> Void) throws(QueueError)
    /// Runs after every operation added before it and before every operation added after it.
    func addBarrierBlock(_ block: @escaping @Sendable () -> Void) throws(QueueError)

    /// Cancels every unfinished operation in the queue, as ``QueueOperation/cancel()`` does each.
    func cancelAllOperations()

    /// Returns when every operation added before the call, and any added while waiting, finished.
    func waitUntilAllOperationsAreFinished()
    /// As ``waitUntilAllOperationsAreFinished()``, bounded; on time-out reports what is stuck.
    func waitUntilAllOperationsAreFinished(timeout: Duration) -> WaitOutcome

    /// Installs (or, with `nil`, removes) the observer that receives the transitions of operations
    /// added from now on. With no observer a transition costs one load and a branch.
    func setStateObserver(_ observer: (any StateObserver)?)
}

/// The ``OperationQueueing/maxConcurrentOperationCount`` (-1) that lets the implementation choose
/// how many operations execute at once, as Foundation's
/// `OperationQueue.defaultMaxConcurrentOperationCount`.
public let defaultMaxConcurrentOperationCount = -1
