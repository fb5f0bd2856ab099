import Foundation
import QueueLabCore

/// An operation of the Advanced-NSOperations layer: a body plus conditions, exclusivity
/// categories, observers and dependencies, run by an ``AdvancedQueue`` over any
/// `OperationQueueing` implementation.
///
/// Its life: added (pending) -> dependencies finished -> conditions evaluated (concurrently) ->
/// every exclusivity category granted at once -> its underlying operation enters the queue and
/// waits for a width slot -> body -> finish observers -> finished. A failed condition or a cancel
/// before the body finishes it without running the body. Waiting for dependencies, conditions or
/// exclusivity holds no width slot and no thread.
public final class AdvancedOperation<Q: OperationQueueing>: @unchecked Sendable {
    // @unchecked Sendable: every `var` below is only touched while `state` (an NSCondition) is
    // locked; `main`, `body` and `name` are immutable; callbacks run after the lock is released.
    /// Shown in reports and stall reports; the underlying operation carries it too.
    public let name: String?
    /// The priority of its underlying operations in their queue.
    public let queuePriority: QueuePriority
    let body: AdvancedBody<Q>
    /// The underlying operation: it enters the queue once everything is granted, runs the body, and
    /// finishes after the finish observers. Plain operations that must wait for this one depend on it.
    public let underlyingOperation: Q.Operation
    let state = NSCondition()

    var phase = AdvancedPhase.created
    var cancelled = false
    var conditions: [any AdvancedCondition] = []
    var observers: [any AdvancedObserver<Q>] = []
    var explicitCategories: [String] = []
    /// What it acquired (a group: its own and all its children's): its children queue's scope.
    var grantedCategories: Set<String> = []
    var dependencies: [AdvancedDependency<Q>] = []
    var collectedErrors: [any Error] = []
    var queue: AdvancedQueue<Q>?
    var gate: Q.Operation?
    var tickets: [ExclusivityManager.Ticket] = []
    var underlyingAdded = false
    var finishReported = false
    var faults = AdvancedFaults()
    /// Set for group operations: the children and their bookkeeping.
    var group: GroupCoordinator<Q>?

    /// - Parameters:
    ///   - name: shown in reports; the underlying operation carries it too.
    ///   - priority: the underlying operations' priority.
    ///   - body: the work; see ``AdvancedBody``.
    public init(name: String? = nil, priority: QueuePriority = .normal, body: AdvancedBody<Q>) {
        self.name = name
        queuePriority = priority
        self.body = body
        let runner = UnderlyingRunner<Q>()
        let run: @Sendable (Q.Operation) -> Void = { operation in runner.run(operation) }
        underlyingOperation = Q.Operation(
            name: name, priority: priority, body: body.isAsynchronous ? .asynchronous(run) : .synchronous(run))
        runner.owner = self
    }

    /// A synchronous operation; a thrown error becomes its error.
    public convenience init(
        name: String? = nil, priority: QueuePriority = .normal,
        _ block: @escaping @Sendable (AdvancedOperation<Q>) throws -> Void
    ) {
        self.init(name: name, priority: priority, body: .synchronous(block))
    }

    /// The underlying operation's identity.
    public var id: OperationID { underlyingOperation.id }
    /// Its identity and name, as reports and errors name it.
    public var label: OperationLabel { OperationLabel(id: id, name: name) }

    func locked<T>(_ work: () throws -> T) rethrows -> T {
        state.lock()
        defer { state.unlock() }
        return try work()
    }

    // MARK: Reading

    /// Where the operation is in its life now.
    public var currentPhase: AdvancedPhase { locked { phase } }
    /// Whether ``cancel()`` was called on it (directly, or through its group or queue).
    public var isCancelled: Bool { locked { cancelled } }
    /// Whether it is ``AdvancedPhase/finished``: its work is over and its finish observers ran.
    public var isFinished: Bool { currentPhase == .finished }
    /// Whether it is in ``AdvancedPhase/executing``: its body runs, or asynchronous work the body
    /// started has not finished.
    public var isExecuting: Bool { currentPhase == .executing }
    /// The errors it finished with (conditions that failed, the body's, a group's children's).
    public var errors: [any Error] { locked { collectedErrors } }

    /// Every category the operation holds while it executes: its own and its conditions'.
    public var categories: Set<String> { Set(orderedCategories) }

    /// The categories in the order they were declared (explicit ones, then the conditions').
    var orderedCategories: [String] {
        locked {
            var seen: Set<String> = []
            return (explicitCategories + conditions.compactMap(\.exclusivityCategory)).filter {
                seen.insert($0).inserted
            }
        }
    }

    /// What it must hold to execute: its own categories; for a group that has categories of its
    /// own, also every category declared below it, so the group takes all its subtree will need at
    /// once and nothing below it ever acquires while it holds (the nesting that deadlocked groups in
    /// the original design). A group without categories holds nothing: its children acquire as
    /// top-level operations do.
    var requiredCategories: [String] {
        let own = orderedCategories
        guard !own.isEmpty, locked({ group }) != nil else { return own }
        return declaredCategories
    }

    /// Its categories and those of every operation below it (a group's children, at any depth).
    var declaredCategories: [String] {
        var seen: Set<String> = []
        let children = locked { group }?.childOperations ?? []
        return (orderedCategories + children.flatMap(\.declaredCategories)).filter { seen.insert($0).inserted }
    }

    // MARK: Configuring (before it is added)

    /// Adds a condition; only before the operation is added to a queue.
    public func addCondition(_ condition: any AdvancedCondition) {
        locked {
            precondition(phase == .created, "conditions are fixed once \(label) is in a queue")
            conditions.append(condition)
        }
    }

    /// Makes the operation mutually exclusive with every other operation of `category`.
    public func addCategory(_ category: String) {
        locked {
            precondition(phase == .created, "categories are fixed once \(label) is in a queue")
            if !explicitCategories.contains(category) { explicitCategories.append(category) }
        }
    }

    /// Attaches `observer`, which is told of the events that come after it is attached.
    public func addObserver(_ observer: some AdvancedObserver<Q>) {
        locked { observers.append(observer) }
    }

    /// This operation starts only after `operation` finished (its finish observers included).
    ///
    /// - Throws: `QueueError.dependencyCycle` when `operation` already
    ///   waits, directly or not, for this one; `QueueError.alreadyStarted` when this
    ///   operation is in a queue and no longer waits for dependencies (an operation added without
    ///   dependencies goes straight to its conditions, so give it its dependencies before adding it).
    public func addDependency(_ operation: AdvancedOperation<Q>) throws(QueueError) {
        if let path = operation.dependencyPath(to: self) {
            throw .dependencyCycle(members: [label] + path.map(\.label))
        }
        try addDependency(.advanced(operation))
    }

    /// This operation starts only after the plain operation `operation` finished.
    public func addDependency(_ operation: Q.Operation) throws(QueueError) {
        try addDependency(.plain(operation))
    }

    private func addDependency(_ dependency: AdvancedDependency<Q>) throws(QueueError) {
        let gateToUpdate: Q.Operation? = try lockedThrowing { () throws(QueueError) -> Q.Operation? in
            // Once in a queue, only an operation still waiting behind its gate can take more.
            guard phase == .created || phase == .pending && gate != nil else { throw .alreadyStarted(label) }
            dependencies.append(dependency)
            return gate
        }
        try gateToUpdate?.addDependency(dependency.underlying)
    }

    func lockedThrowing<T>(_ work: () throws(QueueError) -> T) throws(QueueError) -> T {
        state.lock()
        defer { state.unlock() }
        return try work()
    }

    /// The chain of advanced dependencies from this operation to `target`, if there is one.
    func dependencyPath(to target: AdvancedOperation<Q>) -> [AdvancedOperation<Q>]? {
        var visited: Set<ObjectIdentifier> = []
        var stack: [(AdvancedOperation<Q>, [AdvancedOperation<Q>])] = [(self, [self])]
        while let (current, path) = stack.popLast() {
            if current === target { return path }
            guard visited.insert(ObjectIdentifier(current)).inserted else { continue }
            for case .advanced(let next) in current.locked({ current.dependencies }) {
                stack.append((next, path + [next]))
            }
        }
        return nil
    }

    /// The dependencies as declared (advanced ones as their underlying operations).
    public var dependencyOperations: [Q.Operation] { locked { dependencies.map(\.underlying) } }

    // MARK: Waiting

    /// Blocks at most `timeout` until the operation finished (its finish observers ran).
    public func waitUntilFinished(timeout: Duration) -> Bool {
        let end = Date(timeIntervalSinceNow: Double(timeout.nanoseconds) / 1e9)
        state.lock()
        defer { state.unlock() }
        while phase != .finished {
            if !state.wait(until: end) { return phase == .finished }
        }
        return true
    }
}

/// What an advanced operation waits for: another advanced operation or a plain one.
enum AdvancedDependency<Q: OperationQueueing>: Sendable {
    case advanced(AdvancedOperation<Q>)
    case plain(Q.Operation)

    var underlying: Q.Operation {
        switch self {
        case .advanced(let operation): operation.underlyingOperation
        case .plain(let operation): operation
        }
    }

    var label: OperationLabel {
        switch self {
        case .advanced(let operation): operation.label
        case .plain(let operation): operation.label
        }
    }

    var isFinished: Bool {
        switch self {
        case .advanced(let operation): operation.isFinished
        case .plain(let operation): operation.isFinished
        }
    }
}

/// Lets the underlying operation's body reach its advanced operation without a retain cycle.
final class UnderlyingRunner<Q: OperationQueueing>: @unchecked Sendable {
    // @unchecked Sendable: `owner` is written once, in the advanced operation's init, before the
    // underlying operation can be added to any queue (the add publishes it to the worker).
    weak var owner: AdvancedOperation<Q>?

    func run(_ operation: Q.Operation) {
        if let owner {
            owner.runBody()
        } else if operation.isAsynchronous {
            try? operation.finish()
        }
    }
}
