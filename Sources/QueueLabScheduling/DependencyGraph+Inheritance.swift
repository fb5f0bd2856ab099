import QueueLabCore
import Synchronization

/// Priority inheritance, kept by the graph for every operation (a policy with
/// ``SchedulingPolicy/inheritsPriority`` reads it; the others ignore it).
///
/// An operation's effective priority is the highest of its own priority and of the effective
/// priorities of the unfinished, not yet started operations that wait for it directly, so it is
/// inherited transitively and across queues. Each operation counts its waiting dependents per
/// level (``ScheduledOperation/waitingDependents``), so adding or dropping one is O(1) and the new
/// effective priority is the highest counted level. A change travels down the edges of the
/// operation that changed: a raise touches each edge at most once per level it crosses (at most
/// four raises per operation while nothing falls back), so the bookkeeping is amortised O(1) per
/// edge, and no list of operations is ever searched.
///
/// The edges that count are those a not yet started operation added while its dependency was
/// unfinished (the same ones `unfinishedDependencies` counts); among them, only unstarted
/// dependents pass their priority on. Those edges form no cycle (cycles are rejected when they are
/// added), so a change always ends.
extension DependencyGraph {
    /// An operation whose effective priority changed, and the queue to tell.
    typealias Notice = (host: any OperationHost, operation: ScheduledOperation)

    /// How many times the effective priority of `operation` changed: what the cost tests count.
    package static func effectiveChanges(of operation: ScheduledOperation) -> Int {
        withLock { Int(operation.effectiveChanges) }
    }

    /// The operation's own priority changed: recompute what it passes on.
    public static func ownPriorityChanged(_ operation: ScheduledOperation) {
        var notices: [Notice] = []
        lock.lock()
        refresh(operation, &notices)
        lock.unlock()
        deliver(notices)
    }

    /// Graph lock held: `dependent` waits for `dependency` from now on (a counted edge).
    static func inherit(
        from dependent: ScheduledOperation, into dependency: ScheduledOperation, _ notices: inout [Notice]
    ) {
        guard dependent.passesPriority else { return }
        dependency.waitingDependents[dependent.effectivePriority.level] += 1
        refresh(dependency, &notices)
    }

    /// Graph lock held: a counted edge from `dependent` to `dependency` is removed.
    static func stopInheriting(
        from dependent: ScheduledOperation, into dependency: ScheduledOperation, _ notices: inout [Notice]
    ) {
        guard dependent.passesPriority else { return }
        dependency.waitingDependents[dependent.effectivePriority.level] -= 1
        refresh(dependency, &notices)
    }

    /// Graph lock held: a cancelled operation waits for nothing, so what it waits for falls back.
    /// Idempotent: both the cancel and the next edge added to a cancelled operation call it (an
    /// operation cancelled before it had edges never reached the graph).
    static func stopPassing(_ operation: ScheduledOperation, _ notices: inout [Notice]) {
        guard operation.passesPriority else { return }
        operation.passesPriority = false
        guard operation.state < .executing else { return }
        let level = operation.effectivePriority.level
        for dependency in operation.graphDependencies where dependency.state != .finished {
            dependency.waitingDependents[level] -= 1
            refresh(dependency, &notices)
        }
    }

    /// Graph lock held: recomputes the effective priority of `start` and carries a change down the
    /// counted edges, iteratively (a long chain must not take a stack frame per link).
    static func refresh(_ start: ScheduledOperation, _ notices: inout [Notice]) {
        var next: ScheduledOperation? = start
        var later: [ScheduledOperation] = []
        while let operation = next ?? later.popLast() {
            next = nil
            let old = operation.effectivePriority.level
            let new = max(operation.priority.level, operation.waitingDependents.highest ?? 0)
            guard new != old else { continue }
            operation.effectivePriorityWord.store(QueuePriority(level: new).rawValue, ordering: .relaxed)
            operation.effectiveChanges &+= 1
            if let host = operation.claimedHost { notices.append((host, operation)) }
            guard operation.passesPriority, operation.state < .executing else { continue }
            for dependency in operation.graphDependencies where dependency.state != .finished {
                dependency.waitingDependents[old] -= 1
                dependency.waitingDependents[new] += 1
                if next == nil { next = dependency } else { later.append(dependency) }
            }
        }
    }

    /// No lock held: tells each queue which of its operations changed effective priority.
    static func deliver(_ notices: [Notice]) {
        for notice in notices { notice.host.effectivePriorityChanged(notice.operation) }
    }
}
