import QueueLabCore

/// What QueueLab's two queues have in common above their scheduling: how operations, batches,
/// blocks and barriers are added. A queue provides the two steps that touch its own state.
package protocol ScheduledQueue: OperationQueueing where Operation: ScheduledQueueOperation {
    /// Claims the operation for this queue and hands it to the scheduler, unless a barrier newer
    /// than `generation` was installed since the caller looked (then it claims nothing and returns
    /// false: the caller makes the operation wait for that barrier and tries again). With `nil`, it
    /// claims whatever the barriers.
    ///
    /// - Throws: `QueueError.alreadyEnqueued(_:)` or `QueueError.alreadyFinished(_:)` when
    ///   another add won the claim.
    func enqueue(_ operation: Operation, ifBarrierGeneration generation: UInt64?) throws(QueueError) -> Bool

    /// As ``enqueue(_:ifBarrierGeneration:)`` for a whole batch, as one unit: every member is
    /// claimed, or none; and no member starts before every member is placed, so the batch runs
    /// in priority order and a member that cancels all operations reaches the others.
    ///
    /// - Throws: as ``enqueue(_:ifBarrierGeneration:)``, for the first member another add took;
    ///   then no member is claimed.
    func enqueue(batch operations: [Operation], ifBarrierGeneration generation: UInt64) throws(QueueError) -> Bool

    /// The newest barrier, if any (it may have finished), and how many barriers were installed so
    /// far, read together.
    var newestBarrier: BarrierSnapshot<Operation> { get }

    /// Makes `barrier` the newest barrier; returns the members added before it and the barrier it
    /// replaces (which may not be a member yet), atomically with respect to adds.
    func installBarrier(_ barrier: Operation) -> (members: [ScheduledOperation], previous: Operation?)
}

/// The newest barrier of a queue and its generation (0 before the first barrier).
package struct BarrierSnapshot<Operation: ScheduledQueueOperation> {
    /// The newest barrier, finished or not; nil before the first one was installed.
    package let barrier: Operation?
    /// How many barriers were installed so far: a different generation means a newer barrier.
    package let generation: UInt64

    /// A snapshot of `barrier` and `generation`, which the queue reads together.
    package init(barrier: Operation?, generation: UInt64) {
        self.barrier = barrier
        self.generation = generation
    }
}

extension ScheduledQueue {
    /// Lands on one side of every barrier: after the newest one it saw (waiting for it), or, when a
    /// barrier is installed between the look and the claim, the claim is refused and it looks
    /// again, so it never lands before a barrier that did not wait for it.
    public func addOperation(_ operation: Operation) throws(QueueError) {
        #if QUEUELAB_FAULT_INJECTION
            InjectedCost.pay()  // the gate's fault injection (trait FaultInjection only)
        #endif
        try validate(operation)
        while true {
            let newest = newestBarrier
            if let barrier = newest.barrier, barrier.state != .finished {
                try operation.addDependency(barrier)
            }
            if try enqueue(operation, ifBarrierGeneration: newest.generation) { return }
        }
    }

    /// Validates every operation before adding any, so misuse adds none of them; then adds them as
    /// one unit (see ``enqueue(batch:ifBarrierGeneration:)``), after the newest barrier.
    public func addOperations(_ operations: [Operation], waitUntilFinished: Bool) throws(QueueError) {
        var seen = Set<ObjectIdentifier>()
        for operation in operations {
            #if QUEUELAB_FAULT_INJECTION
                InjectedCost.pay()  // the gate's fault injection, per member as for single adds
            #endif
            try validate(operation)
            guard seen.insert(ObjectIdentifier(operation)).inserted else { throw .alreadyEnqueued(operation.label) }
        }
        guard !operations.isEmpty else { return }
        while true {
            let newest = newestBarrier
            if let barrier = newest.barrier, barrier.state != .finished {
                try Self.make(operations, waitFor: barrier)
            }
            if try enqueue(batch: operations, ifBarrierGeneration: newest.generation) { break }
        }
        if waitUntilFinished {
            for operation in operations { operation.waitUntilFinished() }
        }
    }

    /// Adds an unnamed operation at `normal` priority that runs `block`; it lands after the newest
    /// barrier, as an added operation does.
    public func addOperation(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        try addOperation(Operation(name: nil, priority: .normal, body: .synchronous { _ in block() }))
    }

    /// A barrier is an operation that waits for every unfinished member added before it; adds made
    /// while it is unfinished wait for it in turn.
    ///
    /// - Complexity: O(n) edges for n unfinished members, each O(1).
    public func addBarrierBlock(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        let barrier = Operation(name: "barrier", priority: .normal, body: .synchronous { _ in block() })
        let (members, previous) = installBarrier(barrier)
        for operation in members where operation.state != .finished {
            try barrier.addDependency(unsafeDowncast(operation, to: Operation.self))
        }
        // Another barrier added just before may not be a member yet: this one still waits for it.
        if let previous, previous.state != .finished { try barrier.addDependency(previous) }
        _ = try enqueue(barrier, ifBarrierGeneration: nil)
    }

    /// Every member waits for `barrier`; if one cannot (the edge would close a cycle), the edges
    /// this call added are taken back, so a refused batch leaves its members as they were.
    private static func make(_ operations: [Operation], waitFor barrier: Operation) throws(QueueError) {
        var added: [Operation] = []
        for operation in operations where !DependencyGraph.dependsDirectly(operation, on: barrier) {
            do {
                try operation.addDependency(barrier)
            } catch {
                for operation in added { operation.removeDependency(barrier) }
                throw error
            }
            added.append(operation)
        }
    }

    private func validate(_ operation: Operation) throws(QueueError) {
        if operation.state == .finished { throw .alreadyFinished(operation.label) }
        if operation.isTaken { throw .alreadyEnqueued(operation.label) }
    }
}
