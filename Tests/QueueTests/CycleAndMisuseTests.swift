import Foundation
import QueueLabCore
import QueueLabImplementations
import TestTiers
import Testing

/// Where the implementations may differ by contract: QueueLab's queues reject cycles and misuse;
/// Foundation lets a cycle deadlock (its members never run) and only refuses what would crash.
@Suite(.onBlockingThreads) struct CycleAndMisuseTests {
    @Test(arguments: QueueBehaviourTests.queues.map(QueueType.init))
    func twoCycleIsRejectedOrDeadlocksAsFoundationDoes(_ type: QueueType) throws {
        try type.open { queue in try twoCycle(queue) }
    }

    private func twoCycle<Q: OperationQueueing>(_ queue: Q) throws {
        let ran = ProbeLog<String>()
        let a = Q.Operation(name: "a") { _ in ran.append("a") }
        let b = Q.Operation(name: "b") { _ in ran.append("b") }
        let bystander = Q.Operation(name: "bystander") { _ in ran.append("bystander") }
        try a.addDependency(b)
        if Q.capabilities.contains(.cycleRejection) {
            #expect(throws: QueueError.dependencyCycle(members: [b.label, a.label])) { try b.addDependency(a) }
            try queue.addOperations([a, b, bystander], waitUntilFinished: false)
            #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
            #expect(Set(ran.snapshot) == ["a", "b", "bystander"])
        } else {
            // Foundation: the cycle is accepted and never runs; everything else does.
            try b.addDependency(a)
            try queue.addOperations([a, b, bystander], waitUntilFinished: false)
            #expect(bystander.waitUntilFinished(timeout: probeBound))
            guard case .timedOut(let report) = queue.waitUntilAllOperationsAreFinished(timeout: .milliseconds(300))
            else {
                Issue.record("a dependency cycle finished on \(Q.implementationName)")
                return
            }
            #expect(Set(report.entries.map(\.operation)) == [a.label, b.label])
            #expect(ran.snapshot == ["bystander"])
            a.cancel()  // releases the cycle
            #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
            #expect(ran.snapshot == ["bystander", "b"])
        }
    }

    @Test(arguments: QueueBehaviourTests.queues.map(QueueType.init))
    func misuseThrowsInsteadOfCrashing(_ type: QueueType) throws {
        try type.open { queue in try misuse(queue) }
    }

    private func misuse<Q: OperationQueueing>(_ queue: Q) throws {
        let gate = ProbeLatch()
        let operation = Q.Operation(name: "once") { _ in gate.wait() }
        #expect(throws: QueueError.self) { try operation.addDependency(operation) }
        // Suspended, so the operation is still waiting (not started) when it is added again.
        queue.isSuspended = true
        try queue.addOperation(operation)
        #expect(throws: QueueError.alreadyEnqueued(operation.label)) { try queue.addOperation(operation) }
        queue.isSuspended = false
        gate.open()
        #expect(operation.waitUntilFinished(timeout: probeBound))
        #expect(throws: QueueError.self) { try queue.addOperation(operation) }
        #expect(throws: QueueError.notAsynchronous(operation.label)) { try operation.finish() }
        let other = Q(name: "other")
        #expect(throws: QueueError.self) { try other.addOperation(operation) }
        let notStarted = Q.Operation(name: "async", priority: .normal, body: .asynchronous { _ in })
        #expect(throws: QueueError.self) { try notStarted.finish() }
    }

    @Test(
        arguments: QueueBehaviourTests.queues.map(QueueType.init).filter {
            $0.type.capabilities.contains(.cycleRejection)
        })
    func cycleAcrossTwoQueuesIsRejectedWhenItCloses(_ type: QueueType) throws {
        try type.open { queue in try crossQueueCycle(queue) }
    }

    private func crossQueueCycle<Q: OperationQueueing>(_ first: Q) throws {
        let second = Q(name: "second")
        let (a, b, c) = (
            Q.Operation(name: "a") { _ in }, Q.Operation(name: "b") { _ in }, Q.Operation(name: "c") { _ in }
        )
        first.isSuspended = true
        second.isSuspended = true
        try b.addDependency(a)
        try c.addDependency(b)
        try first.addOperation(a)
        try second.addOperation(b)
        try first.addOperation(c)
        #expect(throws: QueueError.dependencyCycle(members: [a.label, c.label, b.label])) { try a.addDependency(c) }
        first.isSuspended = false
        second.isSuspended = false
        #expect(first.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(second.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
    }

    @Test(
        arguments: QueueBehaviourTests.queues.map(QueueType.init).filter {
            $0.type.capabilities.contains(.cycleRejection)
        })
    func tenThousandOperationChainRunsInOrder(_ type: QueueType) throws {
        try type.open { queue in try chain(queue, length: 10_000) }
    }

    private func chain<Q: OperationQueueing>(_ queue: Q, length: Int) throws {
        let order = ProbeLog<Int>()
        let operations = (0..<length).map { index in Q.Operation { _ in order.append(index) } }
        for index in operations.indices.dropFirst() { try operations[index].addDependency(operations[index - 1]) }
        try queue.addOperations(operations.reversed(), waitUntilFinished: false)
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: .seconds(60)) == .finished)
        #expect(order.snapshot == Array(0..<length))
    }

    @Test(arguments: QueueBehaviourTests.queues.map(QueueType.init))
    func boundedWaitReportsWhatIsStuckAndOnWhat(_ type: QueueType) throws {
        try type.open { queue in try stuckReport(queue) }
    }

    private func stuckReport<Q: OperationQueueing>(_ queue: Q) throws {
        let gate = ProbeLatch()
        let blocker = Q.Operation(name: "blocker") { _ in gate.wait() }
        let waiter = Q.Operation(name: "waiter") { _ in }
        try waiter.addDependency(blocker)
        try queue.addOperations([blocker, waiter], waitUntilFinished: false)
        guard case .timedOut(let report) = queue.waitUntilAllOperationsAreFinished(timeout: .milliseconds(100)) else {
            Issue.record("finished while the blocker was held")
            gate.open()
            return
        }
        let waiting = report.entries.first { $0.operation == waiter.label }
        #expect(waiting?.state == .pending)
        #expect(waiting?.unmetDependencies == [blocker.label])
        gate.open()
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
    }
}
