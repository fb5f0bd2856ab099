import QueueLabCore
import Synchronization

/// The dependency edges of every operation of QueueLab's own queues, behind one lock.
///
/// One lock for all queues because edges cross queues and exist before operations are queued.
/// Operations with no edges never take it: `ScheduledOperation.hasEdges` is written before the
/// state is read here, and the state before `hasEdges` is read on finishing (both sequentially
/// consistent), so either a finishing operation sees the new edge or the edge sees it finished.
///
/// Lock order: the graph lock, then a host's lock; never the other way round.
public enum DependencyGraph {
    static let lock = PThreadMutex()

    @inline(__always)
    static func withLock<T>(_ body: () -> T) -> T { lock.withLock(body) }

    /// `operation` waits for `dependency` from now on.
    ///
    /// - Complexity: O(1) bookkeeping; the cycle search visits at most about twice the smaller of
    ///   the unfinished operations `operation` reaches through its dependents and `dependency`
    ///   reaches through its dependencies.
    public static func addDependency(_ dependency: ScheduledOperation, to operation: ScheduledOperation)
        throws(QueueError)
    {
        if dependency === operation { throw .dependencyCycle(members: [operation.label]) }
        lock.lock()
        if operation.dependsDirectly(on: dependency) {
            lock.unlock()
            return
        }
        let started = operation.state >= .executing
        if !started, dependency.state != .finished, let cycle = CycleSearch.path(adding: dependency, to: operation) {
            lock.unlock()
            throw .dependencyCycle(members: cycle.map(\.label))
        }
        operation.hasEdges.store(true, ordering: .sequentiallyConsistent)
        dependency.hasEdges.store(true, ordering: .sequentiallyConsistent)
        var notices: [Notice] = []
        var heightNotices: [Notice] = []
        var blockedHost: (any OperationHost)?
        // After `hasEdges`, before the new edge: a cancel that missed `hasEdges` is seen here, and
        // its dependencies fall back before this edge could be counted.
        if operation.cancelledFlag.load(ordering: .sequentiallyConsistent) { stopPassing(operation, &notices) }
        operation.appendDependency(dependency)
        if !started, dependency.stateWord.load(ordering: .sequentiallyConsistent) != OperationState.finished.rawValue {
            dependency.graphDependents.append(operation)
            operation.unfinishedDependencies += 1
            if operation.unfinishedDependencies == 1, !operation.isCancelled, operation.isClaimed {
                blockedHost = operation.host
                blockedHost?.dependencyBlocked(operation)
            }
            inherit(from: operation, into: dependency, &notices)
            raiseHeight(from: operation, into: dependency, &heightNotices)
        }
        lock.unlock()
        // The `pending` the host recorded is delivered now, not at the queue's next event.
        blockedHost?.perform(.none)
        deliver(notices)
        deliverHeights(heightNotices)
    }

    /// `operation` no longer waits for `dependency`; without that edge, nothing changes.
    ///
    /// The priority `operation` passed on to `dependency` is withdrawn, and when `dependency` was
    /// its last unfinished dependency, the operation's queue lists it ready.
    public static func removeDependency(_ dependency: ScheduledOperation, from operation: ScheduledOperation) {
        var wakeup = Wakeup.none
        lock.lock()
        guard let index = operation.graphDependencies.firstIndex(where: { $0 === dependency }) else {
            lock.unlock()
            return
        }
        operation.graphDependencies.remove(at: index)
        operation.graphDependencyIndex?.remove(ObjectIdentifier(dependency))
        var notices: [Notice] = []
        if let dependentIndex = dependency.graphDependents.firstIndex(where: { $0 === operation }) {
            dependency.graphDependents.remove(at: dependentIndex)
            operation.unfinishedDependencies -= 1
            stopInheriting(from: operation, into: dependency, &notices)
            wakeup = releaseIfFree(operation)
        }
        let host = operation.claimedHost
        lock.unlock()
        deliver(notices)
        host?.perform(wakeup)
    }

    /// Whether `operation` already has the edge to `dependency`.
    public static func dependsDirectly(_ operation: ScheduledOperation, on dependency: ScheduledOperation) -> Bool {
        withLock { operation.dependsDirectly(on: dependency) }
    }

    /// The dependencies of `operation`, finished or not, in the order their edges were added.
    public static func dependencies(of operation: ScheduledOperation) -> [ScheduledOperation] {
        withLock { operation.graphDependencies }
    }

    /// The dependencies of `operation` that have not finished.
    public static func unmetDependencies(of operation: ScheduledOperation) -> [ScheduledOperation] {
        withLock { operation.graphDependencies.filter { $0.state != .finished } }
    }

    /// For a newly queued operation with edges: tells its host whether it is ready.
    public static func decideReadiness(of operation: ScheduledOperation) {
        lock.lock()
        let isReady = operation.unfinishedDependencies == 0 || operation.isCancelled
        let wakeup = operation.claimedHost?.readinessDecided(operation, isReady: isReady) ?? .none
        let host = operation.claimedHost
        lock.unlock()
        host?.perform(wakeup)
    }

    static func cancelled(_ operation: ScheduledOperation) {
        lock.lock()
        // Whatever the count says: a dependency that finished between the flag and this lock saw
        // the flag and left the release to us. Releasing is idempotent on the host side.
        let wakeup = operation.isClaimed ? operation.host?.dependenciesReleased(operation) ?? .none : .none
        var notices: [Notice] = []
        stopPassing(operation, &notices)
        let host = operation.claimedHost
        lock.unlock()
        deliver(notices)
        host?.perform(wakeup)
    }

    /// After `operation` entered `finished`, releases the operations waiting for it.
    ///
    /// - Complexity: O(d) for d dependents.
    static func operationFinished(_ operation: ScheduledOperation) {
        guard operation.hasEdges.load(ordering: .sequentiallyConsistent) else { return }
        lock.lock()
        let dependents = operation.graphDependents
        operation.graphDependents = []
        guard !dependents.isEmpty else {
            lock.unlock()
            return
        }
        if dependents.count == 1 {
            let dependent = dependents[0]
            dependent.unfinishedDependencies -= 1
            let wakeup = releaseIfFree(dependent)
            let host = dependent.claimedHost
            lock.unlock()
            host?.perform(wakeup)
            return
        }
        var wakeups: [(any OperationHost, Wakeup)] = []
        for dependent in dependents {
            dependent.unfinishedDependencies -= 1
            let wakeup = releaseIfFree(dependent)
            if wakeup != .none, let host = dependent.claimedHost { wakeups.append((host, wakeup)) }
        }
        lock.unlock()
        for (host, wakeup) in wakeups { host.perform(wakeup) }
    }

    /// Graph lock held.
    private static func releaseIfFree(_ operation: ScheduledOperation) -> Wakeup {
        guard operation.unfinishedDependencies == 0, operation.isClaimed else { return .none }
        return operation.host?.dependenciesReleased(operation) ?? .none
    }
}

extension ScheduledOperation {
    /// Graph lock held.
    func dependsDirectly(on dependency: ScheduledOperation) -> Bool {
        if let index = graphDependencyIndex { return index.contains(ObjectIdentifier(dependency)) }
        return graphDependencies.contains { $0 === dependency }
    }

    /// Graph lock held.
    func appendDependency(_ dependency: ScheduledOperation) {
        graphDependencies.append(dependency)
        if graphDependencyIndex != nil {
            graphDependencyIndex?.insert(ObjectIdentifier(dependency))
        } else if graphDependencies.count > 8 {
            graphDependencyIndex = Set(graphDependencies.lazy.map(ObjectIdentifier.init))
        }
    }
}
