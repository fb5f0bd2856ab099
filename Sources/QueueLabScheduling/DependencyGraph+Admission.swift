import QueueLabCore

extension DependencyGraph {
    /// The readiness of a batch's members, decided inside the section that places them.
    ///
    /// A batch must list its ready members in the order they were added (FIFO within a level).
    /// Deciding the members with dependency edges through the graph after the section listed them
    /// behind every edge-free member: `[Y, f0, f1]` with an edge on Y started f0 and f1 before Y.
    /// With the graph's lock held around the section, each member's readiness is known where it
    /// is placed, and no dependency can finish (or be added) between the decision and the listing.
    public struct BatchReadiness {
        let holdsGraphLock: Bool

        /// Whether `operation` is ready; nil when only the graph can say and its lock is not held
        /// (an edge was added to the member while the batch was being added): decide it with
        /// ``DependencyGraph/decideReadiness(of:)`` after the section, as a single add does.
        /// Call after the operation was claimed.
        public func isReady(_ operation: ScheduledOperation) -> Bool? {
            guard operation.needsGraphDecision else { return true }
            guard holdsGraphLock else { return nil }
            return operation.unfinishedDependencies == 0 || operation.isCancelled
        }
    }

    /// Runs `placeBatch` (one section of the host's serialisation that claims and places
    /// `operations`) with the graph's lock held when any member has dependency edges, so that
    /// the section can decide every member's readiness in order. Lock order: graph, then host.
    ///
    /// - Complexity: O(n) for n members, all of it in one section of the graph's lock when any
    ///   member has edges.
    public static func admitting<Result>(
        _ operations: some Collection<some ScheduledOperation>, _ placeBatch: (BatchReadiness) -> Result
    ) -> Result {
        guard operations.contains(where: \.needsGraphDecision) else {
            return placeBatch(BatchReadiness(holdsGraphLock: false))
        }
        lock.lock()
        defer { lock.unlock() }
        return placeBatch(BatchReadiness(holdsGraphLock: true))
    }
}
