import QueueLabCore

/// What a worker must do after a lock was released, decided while it was held.
public enum Wakeup: Sendable, Equatable {
    /// Nothing to do.
    case none
    /// Wake one idle worker.
    case signal
    /// Start one more worker (the slot is already counted).
    case spawn
    /// Tell the workers looking for work without parking (spinning) that there is some: no
    /// system call, as none of them sleeps.
    case nudge
}

/// The queue side of a ``ScheduledOperation``: how the dependency graph and the operation reach the
/// queue that holds it. QueueLab's lock and actor queues are hosts.
///
/// Methods marked "graph lock held" are called with ``DependencyGraph``'s lock held; they may take
/// the host's own lock (the order is always graph, then host) and must not call back into the graph.
public protocol OperationHost: AnyObject, Sendable {
    /// Graph lock held: every dependency of `operation` finished, or it was cancelled.
    func dependenciesReleased(_ operation: ScheduledOperation) -> Wakeup
    /// Graph lock held: `operation` gained its first unfinished dependency while in this queue.
    func dependencyBlocked(_ operation: ScheduledOperation)
    /// Graph lock held: the readiness of a newly added operation that has dependency edges.
    func readinessDecided(_ operation: ScheduledOperation, isReady: Bool) -> Wakeup
    /// No lock held: the priority of a queued operation changed.
    func priorityChanged(_ operation: ScheduledOperation)
    /// No lock held: the effective priority of a queued operation changed (an operation that
    /// waits for it was added, reprioritised, cancelled or finished). A host whose policy
    /// inherits priorities relists it; the default ignores it.
    func effectivePriorityChanged(_ operation: ScheduledOperation)
    /// No lock held: the ``ScheduledOperation/chainHeight`` of a queued operation rose (a dependency
    /// edge added behind it). A host whose policy ranks by height relists it; the default ignores it.
    func heightRaised(_ operation: ScheduledOperation)
    /// No lock held: an asynchronous operation reported `finish()`.
    ///
    /// - Returns: false when the operation was not executing (nothing changed).
    func asynchronousOperationFinished(_ operation: ScheduledOperation) -> Bool
    /// No lock held: delivers the transitions made under the host's lock and carries out a wakeup
    /// decided under a lock. The graph calls it for every host it touched.
    func perform(_ wakeup: Wakeup)
}

extension OperationHost {
    /// Ignores the change: only a host whose policy inherits priorities needs it.
    public func effectivePriorityChanged(_ operation: ScheduledOperation) {}
    /// Ignores the rise: only a host whose policy ranks by height needs it.
    public func heightRaised(_ operation: ScheduledOperation) {}
}
