import Foundation
import QueueLabCore

/// The operation of the test queue. Every field is guarded by ``TestScheduler/shared``'s lock.
final class TestOperation<F: QueueFlavor>: QueueOperation, @unchecked Sendable {
    // @unchecked Sendable: every mutable field below is only read or written while
    // `TestScheduler.shared.condition` is locked.
    let id = OperationID.next()
    let name: String?
    let body: OperationBody<TestOperation<F>>
    let isBarrier: Bool
    var priority: QueuePriority
    var stateStorage: OperationState = .pending
    var cancelled = false
    var started = false
    var enqueued = false
    var dependencyList: [TestOperation<F>] = []
    /// The operations that depend on this one, so that its finish wakes their queues (whose
    /// workers may have ended while they waited). Weak: a dependent keeps its dependency, not the
    /// other way round.
    var dependents: [WeakOperation<F>] = []
    var completion: (@Sendable () -> Void)?
    var observer: (any StateObserver)?
    /// Position in its queue's add order.
    var sequence = 0
    /// The worker that started the body.
    var runningThread: UInt64 = 0
    /// Whether it was cancelled when its worker picked it (`runsBodyTwiceRarely`).
    var cancelledAtStart = false
    /// Enqueued while its level's ring was full (`fifoBreaksPastCapacity`).
    var overflowed = false
    /// A barrier's snapshot of the operations executing when it was added (`barrierWaitsOnlyForExecuting`).
    var barrierAwaits: [TestOperation<F>] = []
    /// The queue's state, to free the slot and the place in the queue when finishing.
    weak var core: TestQueueCore<F>?
    /// Only the `keepsQueueAlive` mutant sets it: a strong reference to the queue, never cleared.
    var leakedQueue: AnyObject?

    // The model mutants' state (see ``Mutation``), guarded by the same lock.
    /// Left out of the pick until its queue's next wake-up (``Mutation/forgetsWakeups``).
    var unnoticed = false
    /// Its cancel is not honoured when it starts (`runsCancelledWhileWaitingForSlot`, `runsCancelledOnResume`).
    var cancelIgnoredAtStart = false
    /// Its priority changed while it was ready (`runsBodyTwiceAfterRelist`).
    var relistedWhileReady = false
    /// Finished by its queue when its body returned (`asyncFinishedWhenSlotContended`), and whether
    /// the `finish()` that came after was swallowed.
    var finishedEarly = false
    var lateFinishSwallowed = false
    /// Edges to operations already finished when added, counted as unfinished (`finishedDependencyHolds`).
    var phantomEdges: [TestOperation<F>] = []
    /// Late edges its readiness ignores (`lateEdgeIgnoredWhenReady`).
    var ignoredEdges: [TestOperation<F>] = []
    /// Reads `pending` while executing (`executingReadsPendingAfterEdge`).
    var readsPending = false
    /// The priority the pick orders it by (`ignoresPriorityChangeOfReady`): its priority, except
    /// that a change while it is ready is not seen.
    var listedPriority: QueuePriority

    private var scheduler: TestScheduler { .shared }

    init(name: String?, priority: QueuePriority, body: OperationBody<TestOperation<F>>) {
        self.name = name
        self.priority = priority
        self.listedPriority = priority
        self.body = body
        isBarrier = false
    }

    init(barrier block: @escaping @Sendable () -> Void) {
        name = "barrier"
        priority = .normal
        listedPriority = .normal
        body = .synchronous { _ in block() }
        isBarrier = true
    }

    private func locked<T>(_ work: () throws(QueueError) -> T) throws(QueueError) -> T {
        scheduler.condition.lock()
        defer { scheduler.condition.unlock() }
        return try work()
    }

    var queuePriority: QueuePriority {
        get { (try? locked { priority }) ?? .normal }
        set {
            try? locked {
                if enqueued && !started && !isBarrier, let core {
                    core.waitingPerLevel[priority.level] -= 1
                    core.waitingPerLevel[newValue.level] += 1
                }
                if F.mutation.isForModel { notePriorityChangeLocked(to: newValue) }
                priority = newValue
            }
            scheduler.condition.broadcast()
        }
    }

    /// What the model's mutants remember of a priority change, before it is made. Lock held.
    private func notePriorityChangeLocked(to newValue: QueuePriority) {
        let waitsReady = enqueued && !started && isReadyLocked
        if F.mutation == .runsBodyTwiceAfterRelist && waitsReady && newValue != priority { relistedWhileReady = true }
        if F.mutation != .ignoresPriorityChangeOfReady || !waitsReady { listedPriority = newValue }
    }

    var isAsynchronous: Bool { body.isAsynchronous }

    var state: OperationState {
        (try? locked { () -> OperationState in
            if F.mutation == .executingReadsPendingAfterEdge && readsPending && stateStorage == .executing {
                return .pending
            }
            // The mutant raises its finished flag while still executing; the running thread sees
            // its own order of writes, every other thread may see both flags.
            if F.mutation == .showsExecutingAndFinished && stateStorage == .executing
                && ThreadIdentity.current() != runningThread
            {
                return .finished
            }
            return stateStorage
        }) ?? .pending
    }

    var isCancelled: Bool { (try? locked { cancelled }) ?? false }

    var completionHandler: (@Sendable () -> Void)? {
        get { (try? locked { completion }) ?? nil }
        set { try? locked { completion = newValue } }
    }

    var dependencies: [TestOperation<F>] { (try? locked { dependencyList }) ?? [] }

    func addDependency(_ operation: TestOperation<F>) throws(QueueError) {
        try locked { () throws(QueueError) in
            // The long-cycle mutant looks only for the direct edge back (a path of two).
            if F.rejectsCycles, let path = operation.path(to: self),
                F.mutation != .acceptsLongCycles || path.count <= 2
            {
                throw .dependencyCycle(members: ([self] + path.dropLast()).map(\.label))
            }
            if !dependencyList.contains(where: { $0 === operation }) {
                let waitsReady = enqueued && !started && isReadyLocked
                dependencyList.append(operation)
                operation.dependents.append(WeakOperation(self))
                let unfinished = operation.stateStorage != .finished
                switch F.mutation {
                case .finishedDependencyHolds where enqueued && !started && !unfinished:
                    phantomEdges.append(operation)
                case .lateEdgeIgnoredWhenReady where waitsReady && unfinished:
                    ignoredEdges.append(operation)
                case .executingReadsPendingAfterEdge where started && stateStorage == .executing && unfinished:
                    readsPending = true
                default: break
                }
                // The edge's effect on the state is recorded at once, in every flavour: left to
                // the workers' next look, a ready operation of a queue whose workers all hold
                // bodies read ready behind an unfinished dependency, a defect of its own that the
                // model's `op.states` catches before the one a mutant was written to have.
                refreshStateLocked()
            }
            core?.hasDependencies = true
        }
        scheduler.condition.broadcast()
    }

    /// Operations from `self` to `target` following what each waits for (including both ends), if
    /// any. Called with the lock held.
    ///
    /// What an operation waits for is its dependencies and, in a queue with a barrier, the
    /// barrier's order: a barrier waits for everything added before it, and what was added after
    /// it waits for the barrier. An edge that closes a cycle through a barrier deadlocks as one
    /// through dependencies does, so the contract refuses both. A queue's order is read once per
    /// search (each node is visited once), and not at all in a queue without a barrier.
    private func path(to target: TestOperation<F>) -> [TestOperation<F>]? {
        if self === target { return [self] }
        var visited: Set<ObjectIdentifier> = []
        var orders: [ObjectIdentifier: BarrierOrder] = [:]
        func waitsFor(_ node: TestOperation<F>) -> [TestOperation<F>] {
            guard let core = node.core, core.barriersQueued > 0, node.enqueued, !node.started else {
                return node.dependencyList
            }
            let key = ObjectIdentifier(core)
            let order = orders[key] ?? BarrierOrder(core.ops)
            orders[key] = order
            return node.dependencyList + order.waits(of: node)
        }
        func search(_ node: TestOperation<F>) -> [TestOperation<F>]? {
            if node === target { return [node] }
            guard visited.insert(ObjectIdentifier(node)).inserted else { return nil }
            for next in waitsFor(node) {
                if let rest = search(next) { return [node] + rest }
            }
            return nil
        }
        return search(self)
    }

    /// A queue's barriers, in the order its operations were added.
    private struct BarrierOrder {
        /// Each unfinished operation's place among the queue's unfinished operations.
        let place: [ObjectIdentifier: Int]
        let unfinished: [TestOperation<F>]
        /// For each place, the last barrier at or before it.
        let barrierAtOrBefore: [TestOperation<F>?]

        init(_ ops: [TestOperation<F>]) {
            unfinished = ops.filter { $0.stateStorage != .finished }
            var place: [ObjectIdentifier: Int] = [:]
            var last: TestOperation<F>?
            var barriers: [TestOperation<F>?] = []
            for (index, op) in unfinished.enumerated() {
                place[ObjectIdentifier(op)] = index
                if op.isBarrier { last = op }
                barriers.append(last)
            }
            self.place = place
            barrierAtOrBefore = barriers
        }

        func waits(of node: TestOperation<F>) -> [TestOperation<F>] {
            guard let index = place[ObjectIdentifier(node)] else { return [] }
            if node.isBarrier { return Array(unfinished[..<index]) }
            return index > 0 ? barrierAtOrBefore[index - 1].map { [$0] } ?? [] : []
        }
    }

    func removeDependency(_ operation: TestOperation<F>) {
        let core = try? locked { () -> TestQueueCore<F>? in
            if F.mutation == .keepsRemovedCrossQueueEdge, let mine = self.core, let theirs = operation.core,
                mine !== theirs
            {
                return nil  // the edge to another queue's operation stays
            }
            let held = dependencyList.contains { $0 === operation } && operation.stateStorage != .finished
            dependencyList.removeAll { $0 === operation }
            phantomEdges.removeAll { $0 === operation }
            ignoredEdges.removeAll { $0 === operation }
            if F.mutation == .edgeRemovalForgetsWakeWhenOtherFinished, held, enqueued, !started,
                !dependencyList.isEmpty, dependencyList.allSatisfy({ $0.stateStorage == .finished })
            {
                // The state says ready; nothing looks for it until the queue's next wake-up.
                refreshStateLocked()
                unnoticed = true
                return nil
            }
            return self.core
        }
        // It may be ready now: its queue's workers may all have ended while it waited.
        if let core { core.wake() } else if F.mutation.isForModel { scheduler.deliver() }
        scheduler.condition.broadcast()
    }

    func cancel() {
        scheduler.condition.lock()
        var core: TestQueueCore<F>?
        var dependentQueues: [TestQueueCore<F>] = []
        var handlerNow: (@Sendable () -> Void)?
        if F.mutation == .dropsCancelOfExecutingAsync && body.isAsynchronous && stateStorage == .executing {
            scheduler.condition.unlock()
            return
        }
        if !cancelled {
            let waits = enqueued && !started
            let wasReady = waits && isReadyLocked
            cancelled = true
            core = self.core
            scheduler.post(self, .cancelled)
            switch F.mutation {
            case .runsCancelledWhileWaitingForSlot where wasReady && core?.suspended == false:
                cancelIgnoredAtStart = true
            case .runsCancelledOnResume where wasReady && core?.suspended == true:
                cancelIgnoredAtStart = true
            case .completionTwiceWhenCancelledPending where waits && !wasReady:
                handlerNow = completion
            case .cancelledDependencyCountsAtCancel:
                dependentQueues = dependentQueuesLocked
            case .cancelOfPendingForgetsWake where waits && !wasReady:
                // The state says ready; nothing looks for it until the queue's next wake-up.
                refreshStateLocked()
                unnoticed = true
                core = nil
            default: break
            }
            scheduler.condition.broadcast()
        }
        scheduler.condition.unlock()
        // Cancelled is ready: its queue's workers may all have ended while it waited.
        if let core { core.wake() } else { scheduler.deliver() }
        for queue in dependentQueues where queue !== core { queue.wake() }
        handlerNow?()
    }

    /// Moves a queued, not started operation between pending and ready as its readiness says,
    /// reporting the move. Lock held.
    func refreshStateLocked() {
        guard enqueued && !started else { return }
        let ready = isReadyLocked
        if ready && stateStorage == .pending {
            stateStorage = .ready
            scheduler.post(self, .ready)
        } else if !ready && stateStorage == .ready {
            stateStorage = .pending
            scheduler.post(self, .pending)
        }
    }

    /// The queues of the operations that depend on this one. Lock held.
    var dependentQueuesLocked: [TestQueueCore<F>] {
        var seen: Set<ObjectIdentifier> = []
        return dependents.compactMap { $0.operation?.core }.filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    func finish() throws(QueueError) {
        let completes = try locked { () throws(QueueError) -> Bool in
            guard body.isAsynchronous else { throw .notAsynchronous(label) }
            if F.mutation == .asyncFinishedWhenSlotContended && finishedEarly && !lateFinishSwallowed {
                lateFinishSwallowed = true
                return false
            }
            if F.mutation == .finishAcceptedBeforeStart && enqueued && !started && stateStorage != .finished {
                // It leaves its level's count of waiting operations, as a start would.
                core?.waitingPerLevel[priority.level] -= 1
                return true
            }
            guard stateStorage == .executing else { throw .notExecuting(label) }
            return true
        }
        if completes { complete(byFinishCall: true) }
    }

    /// Marks the operation finished, then runs its completion handler (both without the lock held).
    ///
    /// - Parameters:
    ///   - byFinishCall: an asynchronous operation's `finish()` (`asyncFinishWakesOnlyDependents`).
    ///   - reclaimingSlot: its body just returned; finish it only while it executes and ready work
    ///     waits for its slot (`asyncFinishedWhenSlotContended`).
    func complete(byFinishCall: Bool = false, reclaimingSlot: Bool = false) {
        scheduler.condition.lock()
        guard stateStorage != .finished else {
            scheduler.condition.unlock()
            return
        }
        if reclaimingSlot {
            guard stateStorage == .executing, core?.hasReadyWorkWaitingForSlotLocked == true else {
                scheduler.condition.unlock()
                return
            }
            finishedEarly = true
        }
        stateStorage = .finished
        scheduler.post(self, .finished)
        let ownQueue = core
        let idleQueue = core?.releaseLocked(self)
        let handler = F.mutation == .dropsCompletion ? nil : completion
        // Its own queue (a slot is free) and its dependents' queues may start something: their
        // workers may have ended while idle.
        var queuesToWake =
            [core].compactMap { $0 } + (F.mutation == .losesCrossQueueWakeup ? [] : dependentQueuesLocked)
        switch F.mutation {
        case .asyncFinishWakesOnlyDependents where byFinishCall:
            // Its own queue is woken only when a dependent waits there.
            let dependentQueues = dependentQueuesLocked
            if let ownQueue, !dependentQueues.contains(where: { $0 === ownQueue }) {
                ownQueue.overlookWaitingLocked()
            }
            queuesToWake = dependentQueues
        case .barrierFinishForgetsWake where isBarrier:
            ownQueue?.overlookWaitingLocked()
            queuesToWake = dependentQueuesLocked.filter { $0 !== ownQueue }
        case .crossQueueWakeOnlyByFirstDependency:
            queuesToWake = [core].compactMap { $0 } + queuesWokenAsFirstDependencyLocked(ownQueue: ownQueue)
        default: break
        }
        scheduler.condition.broadcast()
        scheduler.condition.unlock()
        // Let go of the queue after the lock: its deinit takes the lock to shut its core down.
        withExtendedLifetime(idleQueue) {}
        for queue in queuesToWake { queue.wake() }
        scheduler.deliver()
        handler?()
    }

    /// The queues of the dependents in other queues for which this operation is the first
    /// dependency; the other dependents there are left unnoticed, their state brought up to date
    /// (`crossQueueWakeOnlyByFirstDependency`). Lock held.
    private func queuesWokenAsFirstDependencyLocked(ownQueue: TestQueueCore<F>?) -> [TestQueueCore<F>] {
        var woken: [TestQueueCore<F>] = []
        for dependent in dependents.compactMap(\.operation) {
            guard let queue = dependent.core, queue !== ownQueue, !dependent.started else { continue }
            if dependent.dependencyList.first === self {
                if !woken.contains(where: { $0 === queue }) { woken.append(queue) }
            } else {
                dependent.refreshStateLocked()
                dependent.unnoticed = true
            }
        }
        return woken
    }

    /// Ready when cancelled or every dependency finished (the mutants: see each case). Lock held.
    var isReadyLocked: Bool {
        if cancelled { return true }
        switch F.mutation {
        case .startsBeforeDependencyFinishes:
            return dependencyList.allSatisfy { $0.stateStorage >= .executing }
        case .cancelledDependencyCountsAtCancel:
            return dependencyList.allSatisfy { $0.stateStorage == .finished || $0.cancelled }
        case .finishedDependencyHolds:
            return phantomEdges.isEmpty && dependencyList.allSatisfy { $0.stateStorage == .finished }
        case .lateEdgeIgnoredWhenReady:
            return dependencyList.allSatisfy { dependency in
                dependency.stateStorage == .finished || ignoredEdges.contains { $0 === dependency }
            }
        case .crossQueueDependencyCountsWhenReady:
            return dependencyList.allSatisfy { dependency in
                if dependency.stateStorage == .finished { return true }
                guard let mine = core, let theirs = dependency.core, mine !== theirs else { return false }
                return dependency.stateStorage >= .ready
            }
        case .runsTwoCycle:
            // The edge back from a dependency that waits for this one is taken for satisfied.
            return dependencyList.allSatisfy { dependency in
                dependency.stateStorage == .finished || dependency.dependencyList.contains { $0 === self }
            }
        default:
            return dependencyList.allSatisfy { $0.stateStorage == .finished }
        }
    }

    func waitUntilFinished() {
        scheduler.condition.lock()
        while stateStorage != .finished && !returnsEarlyLocked { scheduler.condition.wait() }
        scheduler.condition.unlock()
    }

    /// `operationWaitReturnsOnCancel`: a wait returns once the operation was cancelled. Lock held.
    private var returnsEarlyLocked: Bool { F.mutation == .operationWaitReturnsOnCancel && cancelled }

    func waitUntilFinished(timeout: Duration) -> Bool {
        let end = Date(timeIntervalSinceNow: Double(timeout.nanoseconds) / 1e9)
        scheduler.condition.lock()
        defer { scheduler.condition.unlock() }
        // The mutant takes an executing asynchronous operation for finished.
        func done() -> Bool {
            stateStorage == .finished
                || (F.mutation == .boundedWaitSkipsExecutingAsync && body.isAsynchronous && stateStorage == .executing)
                || returnsEarlyLocked
        }
        while !done() {
            if !scheduler.condition.wait(until: end) { return done() }
        }
        return true
    }

    /// Whether it has a dependency or a live dependent (`listsEdgedMembersLast`). Lock held.
    var hasEdgesLocked: Bool { !dependencyList.isEmpty || dependents.contains { $0.operation != nil } }
}

/// A weak reference to a test operation (its dependents list).
struct WeakOperation<F: QueueFlavor> {
    weak var operation: TestOperation<F>?
    init(_ operation: TestOperation<F>) { self.operation = operation }
}
