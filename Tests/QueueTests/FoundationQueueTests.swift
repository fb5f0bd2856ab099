import Foundation
import FoundationAdapter
import QueueLabCore
import Synchronization
import TestTiers
import Testing

/// The adapter runs QueueLab bodies on Foundation's queue without changing what Foundation does.
@Suite(.onBlockingThreads) struct FoundationQueueTests {
    @Test func registryKnowsTheAdapter() {
        #expect(FoundationQueue.implementationName == "foundation")
        #expect(FoundationQueue.capabilities == [.operationQueue, .misuseErrors])
        #expect(!FoundationQueue.capabilities.contains(.cycleRejection))
    }

    @Test func synchronousOperationRunsOnceAndFinishes() throws {
        let queue = FoundationQueue(name: "sync")
        let seen = ProbeLog<OperationState>()
        let completions = ProbeCounter()
        let operation = FoundationOperation(name: "op") { op in seen.append(op.state) }
        operation.completionHandler = { completions.increment() }
        #expect(operation.state == .ready)
        #expect(!operation.isAsynchronous)
        try queue.addOperation(operation)
        #expect(operation.waitUntilFinished(timeout: probeBound))
        #expect(seen.snapshot == [.executing])
        #expect(operation.state == .finished)
        #expect(completions.wait(for: 1))
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(completions.value == 1)
        #expect(queue.operationCount == 0)
    }

    @Test func asynchronousOperationStaysExecutingUntilFinishFromAnotherThread() throws {
        let queue = FoundationQueue(name: "async")
        let started = ProbeLatch()
        let completions = ProbeCounter()
        let operation = FoundationOperation(
            name: "async", priority: .normal, body: .asynchronous { _ in started.open() })
        operation.completionHandler = { completions.increment() }
        #expect(operation.isAsynchronous)
        try queue.addOperation(operation)
        #expect(started.wait())
        #expect(operation.state == .executing)
        #expect(queue.operationCount == 1)
        #expect(!operation.waitUntilFinished(timeout: .milliseconds(100)))
        // Another thread reports the end, as a network callback would.
        DispatchQueue.global().async { try? operation.finish() }
        #expect(operation.waitUntilFinished(timeout: probeBound))
        #expect(operation.state == .finished)
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(queue.operationCount == 0)
        #expect(completions.wait(for: 1))
        // Foundation's own (unbounded) wait also saw the KVO notifications.
        #expect(returnsWithin(probeBound) { queue.waitUntilAllOperationsAreFinished() })
    }

    @Test func asynchronousOperationHoldsTheOnlySlotUntilFinish() throws {
        let queue = FoundationQueue(name: "width-1")
        queue.maxConcurrentOperationCount = 1
        let order = ProbeLog<String>()
        let started = ProbeLatch()
        let first = FoundationOperation(
            name: "first", priority: .normal,
            body: .asynchronous { _ in
                order.append("first started")
                started.open()
            })
        let second = FoundationOperation(name: "second") { _ in order.append("second") }
        try queue.addOperation(first)
        try queue.addOperation(second)
        #expect(started.wait())
        #expect(!second.waitUntilFinished(timeout: .milliseconds(200)))
        #expect(second.state == .ready)
        order.append("finish")
        let finisher = ProbeLatch()
        DispatchQueue.global().async {
            try? first.finish()
            finisher.open()
        }
        #expect(finisher.wait())
        #expect(second.waitUntilFinished(timeout: probeBound))
        #expect(order.snapshot == ["first started", "finish", "second"])
    }

    @Test func asynchronousBodyMayFinishBeforeReturning() throws {
        let queue = FoundationQueue(name: "inline-finish")
        queue.maxConcurrentOperationCount = 1
        let operations = (0..<50).map { index in
            FoundationOperation(name: "\(index)", priority: .normal, body: .asynchronous { op in try? op.finish() })
        }
        try queue.addOperations(operations, waitUntilFinished: false)
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(operations.allSatisfy { $0.state == .finished })
    }

    @Test func dependenciesOrderAChainAddedInReverse() throws {
        let queue = FoundationQueue(name: "chain")
        let order = ProbeLog<Int>()
        let operations = (0..<100).map { index in FoundationOperation(name: "\(index)") { _ in order.append(index) } }
        for index in operations.indices.dropFirst() {
            try operations[index].addDependency(operations[index - 1])
        }
        #expect(operations[2].dependencies.map(\.id) == [operations[1].id])
        for operation in operations.dropFirst().reversed() {
            try queue.addOperation(operation)
        }
        #expect(operations[5].state == .pending)
        #expect(order.snapshot.isEmpty)
        try queue.addOperation(operations[0])
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(order.snapshot == Array(0..<100))
    }

    @Test func dependenciesAreKeptInOrderAddedAndRemovable() throws {
        let a = FoundationOperation(name: "a") { _ in }
        let b = FoundationOperation(name: "b") { _ in }
        let c = FoundationOperation(name: "c") { _ in }
        try c.addDependency(b)
        try c.addDependency(a)
        try c.addDependency(b)
        #expect(c.dependencies.map(\.name) == ["b", "a"])
        #expect(c.state == .pending)
        c.removeDependency(b)
        c.removeDependency(a)
        #expect(c.dependencies.isEmpty)
        // Foundation's quirk, passed through: removing an unfinished dependency does not give
        // back its count, so the operation stays not-ready (FoundationBehaviourProbeTests).
        #expect(c.state == .pending)
    }

    @Test func cancelledBeforeStartNeverRunsFinishesOnceAndReleasesDependents() throws {
        let queue = FoundationQueue(name: "cancel")
        let ran = ProbeLog<String>()
        let completions = ProbeCounter()
        let cancelled = FoundationOperation(name: "cancelled") { _ in ran.append("cancelled") }
        cancelled.completionHandler = { completions.increment() }
        let dependent = FoundationOperation(name: "dependent") { op in
            ran.append(op.isCancelled ? "dependent (cancelled)" : "dependent")
        }
        try dependent.addDependency(cancelled)
        queue.isSuspended = true
        try queue.addOperations([cancelled, dependent], waitUntilFinished: false)
        cancelled.cancel()
        #expect(cancelled.isCancelled)
        queue.isSuspended = false
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(ran.snapshot == ["dependent"])
        #expect(cancelled.state == .finished && !dependent.isCancelled)
        #expect(completions.wait(for: 1))
        #expect(!completions.wait(for: 2, timeout: .milliseconds(100)))
    }

    @Test func cancellingAWaitingOperationMakesItReadyAtOnce() throws {
        let queue = FoundationQueue(name: "cancel-waiting")
        let blockerStarted = ProbeLatch()
        let blocker = FoundationOperation(
            name: "blocker", priority: .normal, body: .asynchronous { _ in blockerStarted.open() })
        let waiting = FoundationOperation(name: "waiting") { _ in }
        try waiting.addDependency(blocker)
        queue.isSuspended = true
        try queue.addOperations([blocker, waiting], waitUntilFinished: false)
        #expect(waiting.state == .pending)
        waiting.cancel()
        #expect(waiting.state == .ready)
        queue.isSuspended = false
        #expect(waiting.waitUntilFinished(timeout: probeBound))
        #expect(blocker.state != .finished)
        #expect(blockerStarted.wait())
        try blocker.finish()
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
    }

    @Test func priorityOrderOfASuspendedSerialQueue() throws {
        // The contract (QueueLabCore DocC, "The contract"): Foundation on Linux ran 4, 9, 2, 6, 0, 5, 3, 8, 1, 7.
        let priorities: [QueuePriority] = [
            .normal, .veryLow, .high, .low, .veryHigh, .normal, .high, .veryLow, .low, .veryHigh,
        ]
        let queue = FoundationQueue(name: "priority")
        queue.maxConcurrentOperationCount = 1
        queue.isSuspended = true
        let order = ProbeLog<Int>()
        for (index, priority) in priorities.enumerated() {
            let operation = FoundationOperation(
                name: "\(index)", priority: priority, body: .synchronous { _ in order.append(index) })
            #expect(operation.queuePriority == priority)
            try queue.addOperation(operation)
        }
        queue.isSuspended = false
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(order.snapshot == [4, 9, 2, 6, 0, 5, 3, 8, 1, 7])
    }

    @Test func changingThePriorityOfAQueuedOperationMovesIt() throws {
        let queue = FoundationQueue(name: "reprioritise")
        queue.maxConcurrentOperationCount = 1
        queue.isSuspended = true
        let order = ProbeLog<String>()
        let operations = ["a", "b", "c"].map { name in FoundationOperation(name: name) { _ in order.append(name) } }
        try queue.addOperations(operations, waitUntilFinished: false)
        operations[2].queuePriority = .veryHigh
        #expect(operations[2].queuePriority == .veryHigh)
        queue.isSuspended = false
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(order.snapshot == ["c", "a", "b"])
    }

    @Test func operationsListsUnfinishedWrappersInOrderAdded() throws {
        let queue = FoundationQueue(name: "introspection")
        queue.isSuspended = true
        let operations = (0..<5).map { index in FoundationOperation(name: "\(index)") { _ in } }
        for operation in operations {
            try queue.addOperation(operation)
        }
        try queue.addOperation {}
        #expect(queue.operationCount == 6)
        #expect(queue.operations.prefix(5).map(\.id) == operations.map(\.id))
        #expect(queue.operations.count == 6)
        queue.isSuspended = false
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(queue.operations.isEmpty)
    }

    @Test func boundedWaitTimesOutWithAReportOfTheUnfinished() throws {
        let queue = FoundationQueue(name: "stalled")
        queue.isSuspended = true
        let first = FoundationOperation(name: "first") { _ in }
        let second = FoundationOperation(name: "second") { _ in }
        try second.addDependency(first)
        try queue.addOperations([first, second], waitUntilFinished: false)
        let outcome = queue.waitUntilAllOperationsAreFinished(timeout: .milliseconds(100))
        guard case .timedOut(let report) = outcome else {
            Issue.record("expected a time-out, got \(outcome)")
            return
        }
        #expect(report.queueName == "stalled")
        #expect(report.isSuspended)
        #expect(report.entries.map(\.operation) == [first.label, second.label])
        #expect(report.entries.map(\.state) == [.ready, .pending])
        #expect(report.entries[1].unmetDependencies == [first.label])
        #expect(!first.waitUntilFinished(timeout: .milliseconds(50)))
        queue.isSuspended = false
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
    }

    @Test func boundedWaitCoversOperationsAddedWhileWaiting() throws {
        let queue = FoundationQueue(name: "grows")
        let ran = ProbeLog<Int>()
        let gate = ProbeLatch()
        // The first body adds the next one, and so on: the wait must cover all of them.
        @Sendable func work(_ index: Int) -> FoundationOperation {
            FoundationOperation(name: "\(index)") { _ in
                if index == 0 { gate.wait() }
                ran.append(index)
                if index < 20 { try? queue.addOperation(work(index + 1)) }
            }
        }
        try queue.addOperation(work(0))
        DispatchQueue.global().async { gate.open() }
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(ran.snapshot == Array(0...20))
    }

    @Test func barrierRunsBetweenEarlierAndLaterOperations() throws {
        let queue = FoundationQueue(name: "barrier")
        let log = ProbeLog<String>()
        for index in 0..<10 { try queue.addOperation { log.append("before\(index)") } }
        try queue.addBarrierBlock { log.append("barrier") }
        for index in 0..<10 { try queue.addOperation { log.append("after\(index)") } }
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        let entries = log.snapshot
        let barrier = try #require(entries.firstIndex(of: "barrier"))
        #expect(entries[..<barrier].allSatisfy { $0.hasPrefix("before") })
        #expect(entries[(barrier + 1)...].allSatisfy { $0.hasPrefix("after") })
        #expect(entries.count == 21)
    }

    @Test func barrierOnAnEmptySuspendedQueueRunsAtOnce() throws {
        // Foundation's Linux quirk (QueueLabCore DocC, "The contract"), kept.
        let queue = FoundationQueue(name: "barrier-quirk")
        queue.isSuspended = true
        let ran = ProbeLatch()
        try queue.addBarrierBlock { ran.open() }
        #expect(ran.wait())
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
    }

    @Test func boundedWaitCountsAPendingBarrierAndCancelAllLeavesBarriersToRun() throws {
        let queue = FoundationQueue(name: "barrier-cancel")
        queue.isSuspended = true
        let ran = ProbeLog<String>()
        try queue.addOperation(FoundationOperation(name: "before") { _ in ran.append("before") })
        try queue.addBarrierBlock { ran.append("barrier") }
        try queue.addOperation(FoundationOperation(name: "after") { _ in ran.append("after") })
        guard case .timedOut(let report) = queue.waitUntilAllOperationsAreFinished(timeout: .milliseconds(50)) else {
            Issue.record("expected a time-out")
            return
        }
        #expect(report.entries.map(\.operation.name) == ["before", "after", "barrier"])
        // Foundation's own cancelAllOperations would cancel the barrier and then crash on
        // freed memory (FoundationBehaviourProbeTests): the adapter leaves barriers to run.
        queue.cancelAllOperations()
        queue.isSuspended = false
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(returnsWithin(probeBound) { queue.waitUntilAllOperationsAreFinished() })
        #expect(ran.snapshot == ["barrier"])
    }

    @Test func cancelledDependentsMayBeDroppedBeforeTheirDependencyFinishes() throws {
        // Foundation holds dependents unretained (FoundationBehaviourProbeTests): the adapter
        // keeps them alive until the dependency finished, so this must not crash.
        let queue = FoundationQueue(name: "dropped-dependents")
        for round in 0..<50 {
            let started = ProbeLatch()
            let dependency = FoundationOperation(
                name: "dependency\(round)", priority: .normal,
                body: .asynchronous { _ in
                    started.open()
                })
            try queue.addOperation(dependency)
            #expect(started.wait())
            do {
                let dependent = FoundationOperation(name: "dependent\(round)") { _ in }
                try dependent.addDependency(dependency)
                try queue.addOperation(dependent)
                dependent.cancel()
                #expect(dependent.waitUntilFinished(timeout: probeBound))
            }
            try dependency.finish()
            #expect(dependency.waitUntilFinished(timeout: probeBound))
        }
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
    }

    @Test func cancelledOperationsAfterABarrierMayBeDroppedBeforeItRuns() throws {
        // Default width: a cancelled operation still needs a free slot to finish.
        let queue = FoundationQueue(name: "dropped-after-barrier")
        let ran = ProbeLog<String>()
        for round in 0..<20 {
            let started = ProbeLatch()
            let blocker = FoundationOperation(
                name: "blocker", priority: .normal, body: .asynchronous { _ in started.open() })
            try queue.addOperation(blocker)
            try queue.addBarrierBlock { ran.append("barrier\(round)") }
            do {
                let after = FoundationOperation(name: "after") { _ in ran.append("after") }
                try queue.addOperation(after)
                after.cancel()
                #expect(after.waitUntilFinished(timeout: probeBound))
            }
            #expect(started.wait())
            try blocker.finish()
            #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        }
        #expect(ran.snapshot == (0..<20).map { "barrier\($0)" })
    }

    @Test func batchAddWaitsWhenAsked() throws {
        let queue = FoundationQueue(name: "batch")
        let count = Atomic<Int>(0)
        let operations = (0..<20).map { _ in FoundationOperation { _ in count.add(1, ordering: .relaxed) } }
        let returned = returnsWithin(probeBound) { try? queue.addOperations(operations, waitUntilFinished: true) }
        #expect(returned)
        #expect(count.load(ordering: .relaxed) == 20)
    }

    @Test func widthIsFoundationsAndNegativeValuesAreIgnored() {
        let queue = FoundationQueue(name: "width")
        #expect(queue.maxConcurrentOperationCount == defaultMaxConcurrentOperationCount)
        queue.maxConcurrentOperationCount = 3
        #expect(queue.maxConcurrentOperationCount == 3)
        queue.maxConcurrentOperationCount = -7
        #expect(queue.maxConcurrentOperationCount == 3)
        queue.maxConcurrentOperationCount = -1
        #expect(queue.maxConcurrentOperationCount == -1)
    }
}
