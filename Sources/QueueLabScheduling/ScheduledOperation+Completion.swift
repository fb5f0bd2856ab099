import QueueLabCore
import Synchronization

extension ScheduledOperation {
    /// Runs once after the operation finished and the operations waiting for it were released, with
    /// no lock held; nil when there is none.
    public var completionHandler: (@Sendable () -> Void)? {
        get { DependencyGraph.withLock { completion } }
        set {
            DependencyGraph.withLock {
                completion = newValue
                hasCompletion.store(newValue != nil, ordering: .sequentiallyConsistent)
            }
        }
    }

    /// Whether a worker may pick its next operation before this one's finish ran: nothing depends
    /// on it (so the finish releases no operation the pick should weigh) and it has no completion
    /// handler (which may block, and runs with the worker stepped away). An edge or a handler
    /// added while it finishes is still served, by the finish, only after that pick.
    package var finishesAlone: Bool {
        !hasEdges.load(ordering: .sequentiallyConsistent) && !hasCompletion.load(ordering: .sequentiallyConsistent)
    }

    /// After the operation entered `finished`: releases dependents, then runs the completion
    /// handler once. No lock may be held by the caller.
    package func finishedOutsideLocks() {
        releaseDependentsTakingHandler()?()
    }

    /// After the operation entered `finished`: releases the operations waiting for it (and nothing
    /// else; idempotent), for a queue that must see them ready before it picks its next operation.
    /// No lock may be held by the caller.
    package func releaseDependents() {
        DependencyGraph.operationFinished(self)
    }

    /// After the operation entered `finished`: releases dependents and hands back the completion
    /// handler for the caller to run (nil when there is none, or it was already taken), so that a
    /// worker can run it without holding its place: a handler may block.
    package func releaseDependentsTakingHandler() -> (@Sendable () -> Void)? {
        DependencyGraph.operationFinished(self)
        guard hasCompletion.load(ordering: .sequentiallyConsistent),
            !finishReported.exchange(true, ordering: .sequentiallyConsistent)
        else { return nil }
        return DependencyGraph.withLock { () -> (@Sendable () -> Void)? in
            defer { completion = nil }
            return completion
        }
    }
}
