import QueueLabCore
import Synchronization

extension ScheduledOperation {
    /// Sets the flag. A queued operation still waiting on dependencies becomes ready at once; one
    /// that has not started will finish without running its body.
    package func requestCancel() {
        // `delivery` may be read only once the claim is seen. An operation cancelled before any
        // queue took it reports no `cancelled` (nobody observes it yet).
        if isClaimed, let delivery {
            guard delivery.recordCancel(of: self) else { return }
            delivery.deliver()
        } else {
            guard !cancelledFlag.exchange(true, ordering: .sequentiallyConsistent) else { return }
        }
        if hasEdges.load(ordering: .sequentiallyConsistent) {
            DependencyGraph.cancelled(self)
        }
    }
}
