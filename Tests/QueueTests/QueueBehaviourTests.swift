import Foundation
import QueueLabCore
import QueueLabImplementations
import Synchronization
import TestTiers
import Testing

/// The same functions against every queue in the registry.
@Suite(.onBlockingThreads) struct QueueBehaviourTests {
    static var queues: [any OperationQueueing.Type] { Implementations.queues }

    @Test(arguments: queues.map(QueueType.init))
    func runsEveryOperationOnce(_ type: QueueType) throws {
        try type.open { queue in try runsEveryOperationOnce(queue) }
    }

    private func runsEveryOperationOnce<Q: OperationQueueing>(_ queue: Q) throws {
        let counter = Atomic<Int>(0)
        for _ in 0..<1000 {
            try queue.addOperation(Q.Operation { _ in counter.add(1, ordering: .relaxed) })
        }
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(counter.load(ordering: .relaxed) == 1000)
        #expect(queue.operationCount == 0)
    }

    @Test(arguments: queues.map(QueueType.init))
    func serialQueueRunsInPriorityThenFIFOOrder(_ type: QueueType) throws {
        try type.open { queue in try priorityOrder(queue) }
    }

    private func priorityOrder<Q: OperationQueueing>(_ queue: Q) throws {
        // Foundation's own test, measured on Linux: added 0...9 with these priorities ran 4, 9, 2, 6, 0, 5, 3, 8, 1, 7.
        let priorities: [QueuePriority] = [
            .normal, .veryLow, .high, .low, .veryHigh, .normal, .high, .veryLow, .low, .veryHigh,
        ]
        let order = ProbeLog<Int>()
        queue.maxConcurrentOperationCount = 1
        queue.isSuspended = true
        for (index, priority) in priorities.enumerated() {
            try queue.addOperation(
                Q.Operation(name: "\(index)", priority: priority, body: .synchronous { _ in order.append(index) }))
        }
        queue.isSuspended = false
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(order.snapshot == [4, 9, 2, 6, 0, 5, 3, 8, 1, 7])
    }

    @Test(arguments: queues.map(QueueType.init))
    func dependenciesOrderAChainAcrossTwoQueues(_ type: QueueType) throws {
        try type.open { queue in try crossQueueChain(queue) }
    }

    private func crossQueueChain<Q: OperationQueueing>(_ first: Q) throws {
        let second = Q(name: "second")
        let order = ProbeLog<Int>()
        let operations = (0..<200).map { index in Q.Operation(name: "\(index)") { _ in order.append(index) } }
        for index in operations.indices.dropFirst() { try operations[index].addDependency(operations[index - 1]) }
        // Add in reverse, alternating queues, so that FIFO alone would give the wrong order.
        for (index, operation) in operations.enumerated().reversed() {
            try (index.isMultiple(of: 2) ? first : second).addOperation(operation)
        }
        #expect(first.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(second.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(order.snapshot == Array(0..<200))
    }

    @Test(arguments: queues.map(QueueType.init))
    func cancelledBeforeStartNeverRunsAndReleasesDependents(_ type: QueueType) throws {
        try type.open { queue in try cancelBeforeStart(queue) }
    }

    private func cancelBeforeStart<Q: OperationQueueing>(_ queue: Q) throws {
        let ran = ProbeLog<String>()
        let completions = ProbeCounter()
        let cancelled = Q.Operation(name: "cancelled") { _ in ran.append("cancelled") }
        cancelled.completionHandler = { completions.increment() }
        let dependent = Q.Operation(name: "dependent") { op in
            ran.append(op.isCancelled ? "dependent-cancelled" : "dependent")
        }
        try dependent.addDependency(cancelled)
        cancelled.cancel()
        try queue.addOperations([cancelled, dependent], waitUntilFinished: false)
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(cancelled.waitUntilFinished(timeout: probeBound))
        #expect(ran.snapshot == ["dependent"])
        #expect(cancelled.state == .finished && cancelled.isCancelled)
        // Foundation runs completion blocks asynchronously: wait for it, bounded.
        #expect(completions.wait(for: 1))
        #expect(completions.value == 1)
    }

    @Test(arguments: queues.map(QueueType.init))
    func widthIsNeverExceededAndIsReached(_ type: QueueType) throws {
        try type.open { queue in try width(queue) }
    }

    private func width<Q: OperationQueueing>(_ queue: Q) throws {
        queue.maxConcurrentOperationCount = 2
        let running = Atomic<Int>(0)
        let peak = Atomic<Int>(0)
        let gate = ProbeLatch()
        for _ in 0..<8 {
            try queue.addOperation(
                Q.Operation { _ in
                    let now = running.add(1, ordering: .sequentiallyConsistent).newValue
                    _ = peak.max(now, ordering: .relaxed)
                    if now == 2 { gate.open() }
                    gate.wait()
                    running.subtract(1, ordering: .sequentiallyConsistent)
                })
        }
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(peak.load(ordering: .relaxed) == 2)
    }

    @Test(arguments: queues.map(QueueType.init))
    func asynchronousOperationKeepsItsSlotUntilFinish(_ type: QueueType) throws {
        try type.open { queue in try asyncSlot(queue) }
    }

    private func asyncSlot<Q: OperationQueueing>(_ queue: Q) throws {
        queue.maxConcurrentOperationCount = 1
        let order = ProbeLog<String>()
        let started = ProbeLatch()
        let asyncOp = Q.Operation(
            name: "async", priority: .normal,
            body: .asynchronous { _ in
                order.append("async-started")
                started.open()
            })
        let next = Q.Operation(name: "next") { _ in order.append("next") }
        try queue.addOperation(asyncOp)
        try queue.addOperation(next)
        #expect(started.wait())
        #expect(asyncOp.state == .executing)
        // The slot is held: `next` cannot start until finish() is reported.
        #expect(!next.waitUntilFinished(timeout: .milliseconds(200)))
        order.append("finish")
        try asyncOp.finish()
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(order.snapshot == ["async-started", "finish", "next"])
        #expect(throws: QueueError.self) { try asyncOp.finish() }
    }

    @Test(arguments: queues.map(QueueType.init))
    func defaultWidthLetsManyAsynchronousOperationsBeInFlight(_ type: QueueType) throws {
        try type.open { queue in try asyncInFlight(queue) }
    }

    private func asyncInFlight<Q: OperationQueueing>(_ queue: Q) throws {
        // As with Foundation: with the default width, an asynchronous operation whose body returned
        // does not hold back the next one. Each finishes only once all 20 have started.
        let started = Atomic<Int>(0)
        let parked = ProbeLog<Q.Operation>()
        let operations = (0..<20).map { _ in
            Q.Operation(
                name: "async", priority: .normal,
                body: .asynchronous { op in
                    parked.append(op)
                    if started.add(1, ordering: .sequentiallyConsistent).newValue == 20 {
                        for operation in parked.snapshot { try? operation.finish() }
                    }
                })
        }
        try queue.addOperations(operations, waitUntilFinished: false)
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(started.load(ordering: .relaxed) == 20)
    }

    @Test(arguments: queues.map(QueueType.init))
    func barrierWaitsForEarlierAndHoldsLaterOperations(_ type: QueueType) throws {
        try type.open { queue in try barrier(queue) }
    }

    private func barrier<Q: OperationQueueing>(_ queue: Q) throws {
        let log = ProbeLog<String>()
        for index in 0..<20 { try queue.addOperation { log.append("before\(index)") } }
        try queue.addBarrierBlock { log.append("barrier") }
        for index in 0..<20 { try queue.addOperation { log.append("after\(index)") } }
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        let entries = log.snapshot
        let barrierIndex = try #require(entries.firstIndex(of: "barrier"))
        #expect(entries[..<barrierIndex].allSatisfy { $0.hasPrefix("before") })
        #expect(entries[(barrierIndex + 1)...].allSatisfy { $0.hasPrefix("after") })
        #expect(entries.count == 41)
    }

    /// Adds racing a barrier from another thread land on one side of it: each operation ran
    /// entirely before the barrier's block or entirely after it, never alongside.
    @Test(arguments: queues.map(QueueType.init).filter { $0.type.implementationName != "foundation" })
    func addsRacingABarrierLandOnOneSide(_ type: QueueType) throws {
        try type.open { queue in try racingBarrier(queue) }
    }

    private func racingBarrier<Q: OperationQueueing>(_ first: Q) throws {
        for round in 0..<300 {
            let queue = round == 0 ? first : Q(name: "barrier-race-\(round)")
            let intervals = ProbeLog<(name: String, start: UInt64, end: UInt64)>()
            let go = ProbeLatch()
            let added = ProbeLatch()
            let adder = Thread {
                _ = go.wait()
                for index in 0..<6 {
                    try? queue.addOperation {
                        let start = MonotonicClock.now()
                        MonotonicClock.spin(nanoseconds: 20_000)
                        intervals.append(("op\(index)", start, MonotonicClock.now()))
                    }
                }
                added.open()
            }
            adder.start()
            go.open()
            try queue.addBarrierBlock {
                let start = MonotonicClock.now()
                MonotonicClock.spin(nanoseconds: 50_000)
                intervals.append(("barrier", start, MonotonicClock.now()))
            }
            #expect(added.wait())
            #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
            let all = intervals.snapshot
            let barrier = try #require(all.first { $0.name == "barrier" })
            let overlapping = all.filter { $0.name != "barrier" && $0.start < barrier.end && barrier.start < $0.end }
            #expect(overlapping.isEmpty, "round \(round): \(overlapping.map(\.name)) ran alongside the barrier")
            #expect(all.count == 7)
            if !overlapping.isEmpty { return }
        }
    }

    @Test(arguments: queues.map(QueueType.init))
    func observerSeesForwardTransitions(_ type: QueueType) throws {
        try type.open { queue in try observer(queue) }
    }

    private func observer<Q: OperationQueueing>(_ queue: Q) throws {
        let trace = ProbeTrace()
        queue.setStateObserver(trace)
        let first = Q.Operation(name: "first") { _ in }
        let second = Q.Operation(name: "second") { _ in }
        try second.addDependency(first)
        try queue.addOperation(second)
        try queue.addOperation(first)
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(second.waitUntilFinished(timeout: probeBound))
        #expect(trace.waitForFinished([second.id]))
        #expect(trace.events(of: second.id) == [.pending, .ready, .executing, .finished])
        #expect(trace.events(of: first.id).suffix(2) == [.executing, .finished])
        let ordered = trace.all
        let firstFinished = try #require(ordered.firstIndex { $0.operation == first.id && $0.event == .finished })
        let secondStarted = try #require(ordered.firstIndex { $0.operation == second.id && $0.event == .executing })
        #expect(firstFinished < secondStarted)
    }
}

/// Opens an `any OperationQueueing.Type` as a generic queue: how the tests run one function on all.
struct QueueType: CustomTestStringConvertible, Sendable {
    let type: any OperationQueueing.Type
    init(_ type: any OperationQueueing.Type) { self.type = type }
    var testDescription: String { type.implementationName }

    func open(_ body: (any OperationQueueing) throws -> Void) throws {
        try body(type.init(name: "test-\(type.implementationName)"))
    }
}
