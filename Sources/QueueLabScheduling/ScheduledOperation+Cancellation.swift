import QueueLabCore
import Synchronization

extension ScheduledOperation {
    /// Sets the flag. A queued operation still waiting on dependencies becomes ready at once; one
    /// that has not started will finish without running its body.
    public func requestCancel() {
        guard !cancelledFlag.exchange(true, ordering: .sequentiallyConsistent) else { return }
        if isClaimed { deliver(observer.map { _ in transition(.cancelled) }) }
        if hasEdges.load(ordering: .sequentiallyConsistent) {
            DependencyGraph.cancelled(self)
        }
    }
}
