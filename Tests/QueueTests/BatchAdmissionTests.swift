import Foundation
import QueueLabCore
import QueueLabImplementations
import Synchronization
import TestTiers
import Testing

/// `addOperations(_:waitUntilFinished:)` adds a batch as one unit, as Foundation does: on an idle
/// serial queue no member starts before every member is in. Each test repeats the race many
/// times because a queue that admits members one by one loses it only now and then (`lock` did in
/// 5 to 58 of 2,000 rounds, `actor` in 8 to 941, before batches were admitted as a unit).
@Suite(.onBlockingThreads) struct BatchAdmissionTests {
    static let rounds = 2_000

    @Test(arguments: QueueBehaviourTests.queues.map(QueueType.init))
    func batchRunsInPriorityOrderOnAnIdleSerialQueue(_ type: QueueType) throws {
        try type.open { queue in try priorityOrder(queue) }
    }

    private func priorityOrder<Q: OperationQueueing>(_ queue: Q) throws {
        let outOfOrder = try Self.outOfOrderBatches(queue, rounds: Self.rounds) { queue, batch in
            try queue.addOperations(batch, waitUntilFinished: false)
            try #require(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        }
        #expect(outOfOrder == 0, "\(outOfOrder) of \(Self.rounds) batches ran out of priority order")
    }

    /// On an idle serial queue, `rounds` batches of the five priorities, each added (and waited
    /// for) by `addAndWait`: how many ran out of priority order.
    static func outOfOrderBatches<Q: OperationQueueing>(
        _ queue: Q, rounds: Int, addAndWait: (Q, [Q.Operation]) throws -> Void
    ) throws -> Int {
        queue.maxConcurrentOperationCount = 1
        let priorities: [QueuePriority] = [.low, .normal, .veryLow, .high, .veryHigh]
        var outOfOrder = 0
        for _ in 0..<rounds {
            let order = ProbeLog<QueuePriority>()
            let batch = priorities.map { priority in
                Q.Operation(name: "\(priority)", priority: priority, body: .synchronous { _ in order.append(priority) })
            }
            try addAndWait(queue, batch)
            if order.snapshot != [.veryHigh, .high, .normal, .low, .veryLow] { outOfOrder += 1 }
        }
        return outOfOrder
    }

    @Test(arguments: QueueBehaviourTests.queues.map(QueueType.init))
    func aMemberWithDependencyEdgesIsPlacedBeforeAnyMemberStarts(_ type: QueueType) throws {
        try type.open { queue in try edgesInBatch(queue) }
    }

    /// The member that has an edge (to a finished operation) is ready, but its readiness is decided
    /// through the dependency graph, after the other member was placed.
    private func edgesInBatch<Q: OperationQueueing>(_ queue: Q) throws {
        queue.maxConcurrentOperationCount = 1
        let finished = Q.Operation(name: "finished") { _ in }
        try queue.addOperation(finished)
        try #require(finished.waitUntilFinished(timeout: probeBound))
        var outOfOrder = 0
        for _ in 0..<Self.rounds / 4 {
            let order = ProbeLog<String>()
            let low = Q.Operation(name: "low", priority: .veryLow, body: .synchronous { _ in order.append("low") })
            let high = Q.Operation(name: "high", priority: .veryHigh, body: .synchronous { _ in order.append("high") })
            try high.addDependency(finished)
            try queue.addOperations([low, high], waitUntilFinished: false)
            try #require(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
            if order.snapshot != ["high", "low"] { outOfOrder += 1 }
        }
        #expect(outOfOrder == 0, "\(outOfOrder) of \(Self.rounds / 4) batches ran their low member first")
    }

    @Test(arguments: QueueBehaviourTests.queues.map(QueueType.init))
    func aFirstMemberThatCancelsAllReachesTheRestOfItsBatch(_ type: QueueType) throws {
        try type.open { queue in try cancelFromFirstMember(queue) }
    }

    private func cancelFromFirstMember<Q: OperationQueueing>(_ queue: Q) throws {
        queue.maxConcurrentOperationCount = 1
        var escaped = 0
        for _ in 0..<Self.rounds / 2 {
            let ran = Atomic<Int>(0)
            let first = Q.Operation(name: "canceller") { _ in queue.cancelAllOperations() }
            let rest = (0..<4).map { index in Q.Operation(name: "rest-\(index)") { _ in ran.add(1, ordering: .relaxed) }
            }
            try queue.addOperations([first] + rest, waitUntilFinished: false)
            try #require(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
            escaped += ran.load(ordering: .relaxed)
        }
        #expect(escaped == 0, "\(escaped) bodies ran although the batch's first member cancelled them")
    }

    @Test(arguments: QueueBehaviourTests.queues.map(QueueType.init))
    func twoQueuesAddingOneOperationAtOnceTakeItOnce(_ type: QueueType) throws {
        try type.open { queue in try concurrentClaims(queue) }
    }

    /// Each queue claims under its own lock: only an atomic claim keeps both from taking it.
    private func concurrentClaims<Q: OperationQueueing>(_ first: Q) throws {
        let second = Q(name: "second")
        let runs = Atomic<Int>(0)
        let accepted = Atomic<Int>(0)
        let rounds = 500
        for _ in 0..<rounds {
            let operation = Q.Operation(name: "contested") { _ in runs.add(1, ordering: .relaxed) }
            let start = ProbeLatch()
            let done = ProbeCounter()
            for queue in [first, second] {
                let thread = Thread {
                    start.wait()
                    if (try? queue.addOperations([operation], waitUntilFinished: false)) != nil {
                        accepted.add(1, ordering: .relaxed)
                    }
                    done.increment()
                }
                thread.start()
            }
            start.open()
            try #require(done.wait(for: 2))
            try #require(operation.waitUntilFinished(timeout: probeBound))
        }
        #expect(first.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(second.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(accepted.load(ordering: .relaxed) == rounds)
        #expect(runs.load(ordering: .relaxed) == rounds)
    }
}
