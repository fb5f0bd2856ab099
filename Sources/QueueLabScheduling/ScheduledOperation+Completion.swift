import QueueLabCore
import Synchronization

extension ScheduledOperation {
    public var completionHandler: (@Sendable () -> Void)? {
        get { DependencyGraph.withLock { completion } }
        set {
            DependencyGraph.withLock {
                completion = newValue
                hasCompletion.store(newValue != nil, ordering: .sequentiallyConsistent)
            }
        }
    }

    /// After the operation entered `finished`: releases dependents, then runs the completion
    /// handler once. No lock may be held by the caller.
    public func finishedOutsideLocks() {
        DependencyGraph.operationFinished(self)
        guard hasCompletion.load(ordering: .sequentiallyConsistent),
            !finishReported.exchange(true, ordering: .sequentiallyConsistent)
        else { return }
        let handler = DependencyGraph.withLock { () -> (@Sendable () -> Void)? in
            defer { completion = nil }
            return completion
        }
        handler?()
    }
}
