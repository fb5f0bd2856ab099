import ActorBasedQueue
import LockBasedQueue
import QueueLabCore
import QueueLabScheduling
import TestTiers
import Testing

/// Priority inheritance (`inherit`): a serial queue, suspended while operations are added, runs a
/// `veryLow` operation that a `veryHigh` one waits for before a backlog of `normal` work; `strict`
/// runs it after. Bodies record their names; a cancelled operation runs no body.
@Suite(.onBlockingThreads) struct PriorityInheritanceTests {
    enum Kind: String, CaseIterable { case lock, actor }

    static let backlog = ["b0", "b1", "b2", "b3"]

    /// What a scenario gets: the suspended serial queue (its backlog added) and a maker of
    /// operations that record their names.
    struct Stage<Q: PolicyScheduledQueue> where Q.Operation: ScheduledQueueOperation {
        let queue: Q
        let order: ProbeLog<String>

        func operation(_ name: String, _ priority: QueuePriority) -> Q.Operation {
            Q.Operation(name: name, priority: priority, body: .synchronous { [order] _ in order.append(name) })
        }

        /// A `veryLow` P and a `veryHigh` D that waits for it, both added (P first).
        func pair() throws -> (low: Q.Operation, high: Q.Operation) {
            let low = operation("P", .veryLow)
            let high = operation("D", .veryHigh)
            try high.addDependency(low)
            try queue.addOperation(low)
            try queue.addOperation(high)
            return (low, high)
        }
    }

    /// Runs `build` on a fresh stage, resumes the queue and returns the order bodies ran in.
    static func order<Q: PolicyScheduledQueue>(
        _: Q.Type, _ policy: some SchedulingPolicy, _ build: (Stage<Q>) throws -> Void
    ) throws -> [String] where Q.Operation: ScheduledQueueOperation {
        let stage = Stage(queue: Q(name: "inheritance", policy: policy), order: ProbeLog<String>())
        stage.queue.maxConcurrentOperationCount = 1
        stage.queue.isSuspended = true
        for name in backlog { try stage.queue.addOperation(stage.operation(name, .normal)) }
        try build(stage)
        stage.queue.isSuspended = false
        #expect(stage.queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        return stage.order.snapshot
    }

    @Test(arguments: Kind.allCases)
    func aVeryLowDependencyOfAVeryHighOperationRunsBeforeTheBacklog(_ kind: Kind) throws {
        switch kind {
        case .lock: try inversion(LockQueue.self)
        case .actor: try inversion(ActorQueue.self)
        }
    }

    private func inversion<Q: PolicyScheduledQueue>(_ type: Q.Type) throws where Q.Operation: ScheduledQueueOperation {
        let inherited = try Self.order(type, .inherit) { stage in
            let (low, _) = try stage.pair()
            #expect(low.effectivePriority == .veryHigh)
            #expect(low.queuePriority == .veryLow, "the priority the user set is kept")
        }
        #expect(inherited == ["P", "D"] + Self.backlog)
        // Strict keeps the inversion: the effective priority is kept but not used.
        let strict = try Self.order(type, .strict) { stage in _ = try stage.pair() }
        #expect(strict == Self.backlog + ["P", "D"])
    }

    @Test(arguments: Kind.allCases)
    func cancellingRemovingOrLoweringTheDependentFallsBack(_ kind: Kind) throws {
        switch kind {
        case .lock: try fallBack(LockQueue.self)
        case .actor: try fallBack(ActorQueue.self)
        }
    }

    private func fallBack<Q: PolicyScheduledQueue>(_ type: Q.Type) throws where Q.Operation: ScheduledQueueOperation {
        let cancelled = try Self.order(type, .inherit) { stage in
            let (low, high) = try stage.pair()
            high.cancel()
            #expect(low.effectivePriority == .veryLow)
        }
        #expect(cancelled == Self.backlog + ["P"])
        let removed = try Self.order(type, .inherit) { stage in
            let (low, high) = try stage.pair()
            high.removeDependency(low)
            #expect(low.effectivePriority == .veryLow)
        }
        // D no longer waits: it runs first, P after the backlog.
        #expect(removed == ["D"] + Self.backlog + ["P"])
        let lowered = try Self.order(type, .inherit) { stage in
            let (low, high) = try stage.pair()
            high.queuePriority = .low
            #expect(low.effectivePriority == .low)
            high.queuePriority = .high
            #expect(low.effectivePriority == .high)
        }
        #expect(lowered == ["P", "D"] + Self.backlog)
    }

    /// A `veryHigh` operation of another (strict) queue waits for `low` M, which waits for
    /// `veryLow` P: both rise, and run before the inheriting queue's backlog.
    @Test func inheritanceIsTransitiveAndCrossesQueues() throws {
        let other = LockQueue(name: "other", policy: .strict)
        var dependent: LockOperation?
        let ran = try Self.order(LockQueue.self, .inherit) { stage in
            let bottom = stage.operation("P", .veryLow)
            let middle = stage.operation("M", .low)
            try middle.addDependency(bottom)
            try stage.queue.addOperation(bottom)
            try stage.queue.addOperation(middle)
            #expect(bottom.effectivePriority == .low)
            let top = stage.operation("D", .veryHigh)
            try top.addDependency(middle)
            try other.addOperation(top)
            #expect(middle.effectivePriority == .veryHigh)
            #expect(bottom.effectivePriority == .veryHigh)
            dependent = top
        }
        #expect(other.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(dependent?.isFinished == true)
        #expect(Array(ran.prefix(2)) == ["P", "M"], "\(ran)")
        #expect(ran.filter { $0 != "D" } == ["P", "M"] + Self.backlog, "\(ran)")
    }

    /// Each raise changes an operation once per level it crosses: a chain of 1,000 `veryLow`
    /// operations changes once each when a `veryHigh` operation comes to wait for its end, not
    /// again for a second such waiter, and once more each when both are cancelled.
    @Test func aRaiseTouchesEachOperationOncePerLevel() throws {
        var chain = [LockOperation(name: "0", priority: .veryLow, body: .synchronous { _ in })]
        for index in 1..<1_000 {
            let next = LockOperation(name: "\(index)", priority: .veryLow, body: .synchronous { _ in })
            try next.addDependency(chain[index - 1])
            chain.append(next)
        }
        #expect(chain.allSatisfy { DependencyGraph.effectiveChanges(of: $0) == 0 })
        let first = LockOperation(name: "waiter", priority: .veryHigh, body: .synchronous { _ in })
        try first.addDependency(chain[999])
        #expect(chain.allSatisfy { $0.effectivePriority == .veryHigh })
        #expect(chain.allSatisfy { DependencyGraph.effectiveChanges(of: $0) == 1 })
        let second = LockOperation(name: "another", priority: .veryHigh, body: .synchronous { _ in })
        try second.addDependency(chain[999])
        #expect(chain.allSatisfy { DependencyGraph.effectiveChanges(of: $0) == 1 })
        first.cancel()
        #expect(chain.allSatisfy { $0.effectivePriority == .veryHigh })
        second.cancel()
        #expect(chain.allSatisfy { $0.effectivePriority == .veryLow })
        #expect(chain.allSatisfy { DependencyGraph.effectiveChanges(of: $0) == 2 })
    }

    /// What an investigation sees: the executing transition carries the priority the operation ran at.
    @Test func theTransitionSaysWhatPriorityTheOperationRanAt() throws {
        let seen = ProbeTrace()
        let queue = LockQueue(name: "observed", policy: .inherit)
        queue.setStateObserver(seen)
        queue.isSuspended = true
        let low = LockOperation(name: "P", priority: .veryLow, body: .synchronous { _ in })
        let high = LockOperation(name: "D", priority: .veryHigh, body: .synchronous { _ in })
        try high.addDependency(low)
        try queue.addOperations([low, high], waitUntilFinished: false)
        queue.isSuspended = false
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        let started = try #require(seen.all.first { $0.operation == low.id && $0.event == .executing })
        #expect(started.priority == .veryLow)
        #expect(started.effectivePriority == .veryHigh)
        #expect(started.description.contains("[veryLow, runs as veryHigh]"))
    }

    @Test func aCancelledOperationPassesNothingOn() throws {
        let dependency = LockOperation(name: "P", priority: .veryLow, body: .synchronous { _ in })
        let cancelled = LockOperation(name: "D", priority: .veryHigh, body: .synchronous { _ in })
        cancelled.cancel()
        try cancelled.addDependency(dependency)
        #expect(dependency.effectivePriority == .veryLow)
    }
}
