import Foundation
import QueueLabCore

/// The Advanced-NSOperations layer over any `OperationQueueing` queue: runs
/// ``AdvancedOperation``s (conditions, exclusivity, observers, produced and group operations) by
/// turning each into plain operations of the underlying queue.
///
/// ```swift
/// let queue = AdvancedQueue<LockQueue>(name: "app")
/// let like = AdvancedOperation<LockQueue>(name: "like") { _ in post("like") }
/// like.addCondition(LoggedIn(session))       // supplies "log in" first when needed
/// like.addCondition(MutuallyExclusive("alert"))
/// try queue.addOperation(like)
/// ```
public final class AdvancedQueue<Q: OperationQueueing>: Sendable {
    /// The queue that runs this queue's operations as plain operations; plain operations may be
    /// added to it directly.
    public let underlying: Q
    /// Shared with the queues of the groups this queue runs, and with any queue given the same one.
    public let exclusivity: ExclusivityManager
    let faults: AdvancedFaults
    private let coordinator: GroupCoordinator<Q>?
    /// For the children queue of a group that holds categories: the only categories its operations
    /// may need (its manager is the group's own, covering exactly those). Nil: unrestricted.
    let scope: Set<String>?
    /// Makes the children queue of each group this queue runs: the way the underlying queue was
    /// made (a recipe's policy reaches the groups too), or `Q(name:)`.
    private let makeGroupQueue: @Sendable (String?) -> Q
    private struct State {
        var unfinished: [ObjectIdentifier: (index: Int, operation: AdvancedOperation<Q>)] = [:]
        var nextIndex = 0
        var queueObservers: [any AdvancedObserver<Q>] = []
    }

    private let state = Locked(State())

    /// A queue over a new underlying queue called `name`.
    public convenience init(name: String? = nil, exclusivity: ExclusivityManager = ExclusivityManager()) {
        self.init(wrapping: Q(name: name), exclusivity: exclusivity)
    }

    /// A queue over a new underlying queue made by `recipe`, as are the queues of the groups it
    /// runs: all of them with the recipe's scheduling policy.
    public convenience init(
        name: String? = nil, recipe: some QueueRecipe<Q>, exclusivity: ExclusivityManager = ExclusivityManager()
    ) {
        self.init(
            wrapping: recipe.makeQueue(name: name), exclusivity: exclusivity,
            makingGroupQueues: { recipe.makeQueue(name: $0) })
    }

    /// A queue over `underlying`; plain operations may still be added to `underlying` directly.
    /// The queues of the groups it runs are made by `makingGroupQueues` (`Q(name:)` by default).
    public init(
        wrapping underlying: Q, exclusivity: ExclusivityManager = ExclusivityManager(),
        makingGroupQueues: @escaping @Sendable (String?) -> Q = { Q(name: $0) }
    ) {
        self.underlying = underlying
        self.exclusivity = exclusivity
        makeGroupQueue = makingGroupQueues
        faults = (Q.self as? any AdvancedFaultInjecting.Type)?.advancedFaults ?? []
        coordinator = nil
        scope = nil
    }

    /// The children queue of a group.
    init(childrenOf group: AdvancedOperation<Q>, coordinator: GroupCoordinator<Q>, parent: AdvancedQueue<Q>) {
        underlying = parent.makeGroupQueue("\(group.name ?? "group").children")
        makeGroupQueue = parent.makeGroupQueue
        faults = parent.faults
        self.coordinator = coordinator
        let held = group.locked { group.grantedCategories }
        if held.isEmpty {
            exclusivity = parent.exclusivity
            scope = parent.scope
        } else {
            // The group holds these for its whole subtree; its children take turns among themselves.
            exclusivity = ExclusivityManager()
            scope = held
        }
    }

    /// The underlying queue's name.
    public var name: String? { underlying.name }

    /// The underlying queue's width, read and set through to it; operations waiting for
    /// dependencies, conditions or exclusivity hold no slot of it.
    public var maxConcurrentOperationCount: Int {
        get { underlying.maxConcurrentOperationCount }
        set { underlying.maxConcurrentOperationCount = newValue }
    }

    /// Whether the underlying queue is suspended, read and set through to it: while it is, none of
    /// its operations start, the bodies of this queue's operations included.
    public var isSuspended: Bool {
        get { underlying.isSuspended }
        set { underlying.isSuspended = newValue }
    }

    /// Attaches `observer` to every operation added from now on (the original queue's delegate).
    public func addObserver(_ observer: some AdvancedObserver<Q>) {
        state.withLock { $0.queueObservers.append(observer) }
    }

    // MARK: Adding

    /// Adds `operation`, after the dependency operations its conditions supply (which it then
    /// waits for).
    ///
    /// - Throws: `QueueError` when it is already in a queue or finished.
    public func addOperation(_ operation: AdvancedOperation<Q>) throws(QueueError) {
        if coordinator?.isCancelled == true { operation.cancel() }
        let conditions = operation.locked { operation.conditions }
        for condition in conditions {
            guard let dependency = condition.dependency(for: operation) else { continue }
            try operation.addDependency(dependency)
            if dependency.currentPhase == .created { try addOperation(dependency) }
        }
        // Registered before it can finish (a cancel from another thread may finish it as soon as
        // it entered), so the count a waiter or a group sees never misses it.
        let key = ObjectIdentifier(operation)
        let observers = state.withLock { state -> [any AdvancedObserver<Q>] in
            state.unfinished[key] = (state.nextIndex, operation)
            state.nextIndex += 1
            return state.queueObservers
        }
        for observer in observers { operation.addObserver(observer) }
        coordinator?.childAdded()
        let gate: Q.Operation?
        do {
            gate = try operation.enter(self)
        } catch {
            state.withLock { _ = $0.unfinished.removeValue(forKey: key) }
            coordinator?.childFinished(errors: [])
            throw error
        }
        guard let gate else {
            operation.dependenciesFinished()
            return
        }
        do {
            try underlying.addOperation(gate)
        } catch {
            operation.failOnEntry(error)
            throw error
        }
        operation.finishIfCancelledOnEntry()
    }

    /// Adds each of `operations` in order, as ``addOperation(_:)`` does; stops at the first that
    /// throws, the ones before it staying added.
    public func addOperations(_ operations: [AdvancedOperation<Q>]) throws(QueueError) {
        for operation in operations { try addOperation(operation) }
    }

    /// Cancels every unfinished operation (see ``AdvancedOperation/cancel()``).
    public func cancelAllOperations() {
        for operation in operations { operation.cancel() }
    }

    /// Unfinished operations, in the order they were added.
    public var operations: [AdvancedOperation<Q>] {
        state.withLock { $0.unfinished.values.sorted { $0.index < $1.index }.map(\.operation) }
    }

    /// How many operations added to it have not finished (``operations``'s count).
    public var operationCount: Int { state.withLock { $0.unfinished.count } }

    func operationDidFinish(_ operation: AdvancedOperation<Q>, errors: [any Error]) {
        let removed = state.withLockWakingWaiters {
            $0.unfinished.removeValue(forKey: ObjectIdentifier(operation)) != nil
        }
        if removed { coordinator?.childFinished(errors: errors) }
    }

    // MARK: Waiting

    /// Waits at most `timeout` until every advanced operation finished (observers included) and
    /// the underlying queue drained. On time-out the report lists each unfinished operation with
    /// its phase and what it waits for: unfinished dependencies, or the holders of (and those
    /// ahead in line for) the categories it needs.
    public func waitUntilAllOperationsAreFinished(timeout: Duration) -> WaitOutcome {
        let start = MonotonicClock.now()
        let drained = state.wait(until: Deadline(after: timeout)) { $0.unfinished.isEmpty ? true : nil } ?? false
        if !drained { return .timedOut(stallReport()) }
        let spent = MonotonicClock.now() - start
        let left = timeout.nanoseconds > spent ? Duration.nanoseconds(Int64(timeout.nanoseconds - spent)) : .zero
        return underlying.waitUntilAllOperationsAreFinished(timeout: left)
    }

    /// What is unfinished now and why.
    public func stallReport() -> StallReport {
        let entries = operations.map { $0.stallEntry() }
        return StallReport(queueName: name, isSuspended: isSuspended, entries: entries)
    }
}
