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

    private var scheduler: TestScheduler { .shared }

    init(name: String?, priority: QueuePriority, body: OperationBody<TestOperation<F>>) {
        self.name = name
        self.priority = priority
        self.body = body
        isBarrier = false
    }

    init(barrier block: @escaping @Sendable () -> Void) {
        name = "barrier"
        priority = .normal
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
                priority = newValue
            }
            scheduler.condition.broadcast()
        }
    }

    var isAsynchronous: Bool { body.isAsynchronous }

    var state: OperationState {
        (try? locked { () -> OperationState in
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
            if F.rejectsCycles, let path = operation.path(to: self) {
                throw .dependencyCycle(members: ([self] + path.dropLast()).map(\.label))
            }
            if !dependencyList.contains(where: { $0 === operation }) {
                dependencyList.append(operation)
                operation.dependents.append(WeakOperation(self))
            }
            core?.hasDependencies = true
        }
        scheduler.condition.broadcast()
    }

    /// Operations from `self` to `target` following dependencies (including both ends), if any.
    /// Called with the lock held.
    private func path(to target: TestOperation<F>) -> [TestOperation<F>]? {
        if self === target { return [self] }
        var visited: Set<ObjectIdentifier> = []
        func search(_ node: TestOperation<F>) -> [TestOperation<F>]? {
            if node === target { return [node] }
            guard visited.insert(ObjectIdentifier(node)).inserted else { return nil }
            for dep in node.dependencyList {
                if let rest = search(dep) { return [node] + rest }
            }
            return nil
        }
        return search(self)
    }

    func removeDependency(_ operation: TestOperation<F>) {
        let core = try? locked { () -> TestQueueCore<F>? in
            dependencyList.removeAll { $0 === operation }
            return self.core
        }
        // It may be ready now: its queue's workers may all have ended while it waited.
        core?.wake()
        scheduler.condition.broadcast()
    }

    func cancel() {
        scheduler.condition.lock()
        var core: TestQueueCore<F>?
        if !cancelled {
            cancelled = true
            core = self.core
            scheduler.post(self, .cancelled)
            scheduler.condition.broadcast()
        }
        scheduler.condition.unlock()
        // Cancelled is ready: its queue's workers may all have ended while it waited.
        if let core { core.wake() } else { scheduler.deliver() }
    }

    /// The queues of the operations that depend on this one. Lock held.
    var dependentQueuesLocked: [TestQueueCore<F>] {
        var seen: Set<ObjectIdentifier> = []
        return dependents.compactMap { $0.operation?.core }.filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    func finish() throws(QueueError) {
        try locked { () throws(QueueError) in
            guard body.isAsynchronous else { throw .notAsynchronous(label) }
            guard stateStorage == .executing else { throw .notExecuting(label) }
        }
        complete()
    }

    /// Marks the operation finished, then runs its completion handler (both without the lock held).
    func complete() {
        scheduler.condition.lock()
        guard stateStorage != .finished else {
            scheduler.condition.unlock()
            return
        }
        stateStorage = .finished
        scheduler.post(self, .finished)
        let idleQueue = core?.releaseLocked(self)
        let handler = F.mutation == .dropsCompletion ? nil : completion
        // Its own queue (a slot is free) and its dependents' queues may start something: their
        // workers may have ended while idle.
        let queuesToWake =
            [core].compactMap { $0 } + (F.mutation == .losesCrossQueueWakeup ? [] : dependentQueuesLocked)
        scheduler.condition.broadcast()
        scheduler.condition.unlock()
        // Let go of the queue after the lock: its deinit takes the lock to shut its core down.
        withExtendedLifetime(idleQueue) {}
        for queue in queuesToWake { queue.wake() }
        scheduler.deliver()
        handler?()
    }

    /// Ready when cancelled or every dependency finished (the mutant: merely started). Lock held.
    var isReadyLocked: Bool {
        if cancelled { return true }
        if F.mutation == .startsBeforeDependencyFinishes {
            return dependencyList.allSatisfy { $0.stateStorage >= .executing }
        }
        return dependencyList.allSatisfy { $0.stateStorage == .finished }
    }

    func waitUntilFinished() {
        scheduler.condition.lock()
        while stateStorage != .finished { scheduler.condition.wait() }
        scheduler.condition.unlock()
    }

    func waitUntilFinished(timeout: Duration) -> Bool {
        let end = Date(timeIntervalSinceNow: Double(timeout.nanoseconds) / 1e9)
        scheduler.condition.lock()
        defer { scheduler.condition.unlock() }
        // The mutant takes an executing asynchronous operation for finished.
        func done() -> Bool {
            stateStorage == .finished
                || (F.mutation == .boundedWaitSkipsExecutingAsync && body.isAsynchronous && stateStorage == .executing)
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
