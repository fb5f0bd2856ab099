import QueueLabCore

/// The bookkeeping of a group operation: its children run on a queue of their own, and the group
/// finishes when every child (and every operation they produced) finished, never before.
///
/// `outstanding` counts the unfinished operations of the children queue plus one token the group
/// holds while it adds its initial children, so a child that finishes early can never bring the
/// count to zero while others are still to be added (the shape of PSOperations #87).
final class GroupCoordinator<Q: OperationQueueing>: Sendable {
    private struct State {
        /// Weak: the group operation owns its coordinator, not the other way round.
        weak var group: AdvancedOperation<Q>?
        var pendingChildren: [AdvancedOperation<Q>]
        var allChildren: [AdvancedOperation<Q>]
        var outstanding = 1
        var errors: [any Error] = []
        var cancelled = false
        var finished = false
        var children: AdvancedQueue<Q>?
    }

    private let state: Locked<State>

    init(children: [AdvancedOperation<Q>]) {
        state = Locked(State(pendingChildren: children, allChildren: children))
    }

    /// Names the group operation this coordinator finishes; set once, before the group is shared.
    func attach(to group: AdvancedOperation<Q>) { state.withLock { $0.group = group } }

    var isCancelled: Bool { state.withLock { $0.cancelled } }
    var childOperations: [AdvancedOperation<Q>] { state.withLock { $0.allChildren } }

    /// The group's body: adds the children to a queue of their own, then gives its token back.
    func start(_ group: AdvancedOperation<Q>) {
        guard let parent = group.locked({ group.queue }) else { return }
        let queue = AdvancedQueue(childrenOf: group, coordinator: self, parent: parent)
        let initial = state.withLock { state -> [AdvancedOperation<Q>] in
            state.children = queue
            defer { state.pendingChildren = [] }
            return state.pendingChildren
        }
        for child in initial {
            do { try queue.addOperation(child) } catch { state.withLock { $0.errors.append(error) } }
        }
        if parent.faults.contains(.groupFinishesBeforeChildren) {
            state.withLock { $0.finished = true }
            group.finish(errors: state.withLock { $0.errors }, asGroup: true)
            return
        }
        childFinished(errors: [])  // the token
    }

    /// Adds a child: before the group starts it joins the initial ones, while it runs it enters
    /// the children queue at once.
    func add(_ child: AdvancedOperation<Q>) throws(QueueError) {
        let queue = try state.withLock { state throws(QueueError) -> AdvancedQueue<Q>? in
            if state.finished { throw .alreadyFinished(state.group?.label ?? child.label) }
            state.allChildren.append(child)
            if state.children == nil { state.pendingChildren.append(child) }
            return state.children
        }
        try queue?.addOperation(child)
    }

    func childAdded() { state.withLock { $0.outstanding += 1 } }

    func childFinished(errors childErrors: [any Error]) {
        let done = state.withLock { state -> (AdvancedOperation<Q>?, [any Error])? in
            state.errors += childErrors
            state.outstanding -= 1
            guard state.outstanding == 0, !state.finished else { return nil }
            state.finished = true
            return (state.group, state.errors)
        }
        if let (group, errors) = done { group?.finish(errors: errors, asGroup: true) }
    }

    /// Cancelling the group cancels every child, started or not.
    func cancelChildren() {
        let (queue, all) = state.withLock { state -> (AdvancedQueue<Q>?, [AdvancedOperation<Q>]) in
            state.cancelled = true
            return (state.children, state.allChildren)
        }
        all.forEach { $0.cancel() }
        // Children not added yet are cancelled as they are added (see AdvancedQueue.addOperation),
        // or finished unqueued if the group never starts (finishWithoutBody).
        queue?.cancelAllOperations()
    }

    /// The group finishes without its body (cancelled before it started, or a failed condition):
    /// the children it never added are cancelled and finished first, so none is left unfinished
    /// and the group still finishes after all of them.
    func abandonUnstarted() {
        let notStarted = state.withLock { state -> [AdvancedOperation<Q>] in
            guard state.children == nil else { return [] }
            state.finished = true
            defer { state.pendingChildren = [] }
            return state.pendingChildren
        }
        for child in notStarted {
            child.cancel()
            child.finishUnqueued()
        }
    }
}

extension AdvancedOperation {
    /// An operation made of operations: its children run on a queue of their own once the group
    /// starts (after its own dependencies, conditions and categories); it finishes when all of them,
    /// and all they produced, finished, with their errors. Cancelling it cancels them.
    ///
    /// A group holds no width slot of its queue while its children run. A group with categories of
    /// its own acquires them together with every category declared below it (at any depth), all at
    /// once, and its children then take turns for those among themselves; a group without
    /// categories holds nothing. Either way no operation ever acquires a category while an
    /// enclosing group holds some, which is what made groups and exclusivity deadlock in the
    /// original design. A child added later that needs a category the group did not
    /// take fails at once with ``ExclusivityError/notHeldByEnclosingGroup(categories:operation:)``.
    public static func group(
        name: String? = nil, priority: QueuePriority = .normal, children: [AdvancedOperation<Q>] = []
    ) -> AdvancedOperation<Q> {
        let coordinator = GroupCoordinator<Q>(children: children)
        let group = AdvancedOperation(
            name: name, priority: priority, body: .asynchronous { [coordinator] op in coordinator.start(op) })
        coordinator.attach(to: group)
        group.locked { group.group = coordinator }
        return group
    }

    /// Whether it is a group (made by ``group(name:priority:children:)``).
    public var isGroup: Bool { locked { group != nil } }

    /// The children of a group (empty for other operations).
    public var children: [AdvancedOperation<Q>] { locked { group }?.childOperations ?? [] }

    /// Adds a child to a group, before or while it runs.
    ///
    /// - Throws: `QueueError.refused` when this is not a group,
    ///   `QueueError.alreadyFinished` when the group already finished.
    public func addChild(_ child: AdvancedOperation<Q>) throws(QueueError) {
        guard let coordinator = locked({ group }) else { throw .refused("\(label) is not a group") }
        try coordinator.add(child)
    }
}
