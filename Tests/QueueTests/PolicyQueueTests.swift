import ActorBasedQueue
import LockBasedQueue
import QueueLabCore
import QueueLabScheduling
import TestTiers
import Testing

/// The built-in policies inside both queues: a serial queue, suspended while operations of mixed
/// priorities are added, runs them in the policy's order once resumed.
@Suite(.onBlockingThreads) struct PolicyQueueTests {
    /// Foundation's order test's priorities (added 0...9) and each policy's order for them.
    static let cases: [(specification: String, order: [Int])] = [
        ("strict", [4, 9, 2, 6, 0, 5, 3, 8, 1, 7]),
        ("fifo", Array(0..<10)),
        ("lifo", [9, 4, 6, 2, 5, 0, 8, 3, 7, 1]),
        // No dependencies: nothing to inherit, so the order is strict.
        ("inherit", [4, 9, 2, 6, 0, 5, 3, 8, 1, 7]),
        // No dependencies: every rank is 0, so the order is strict.
        ("critical-path", [4, 9, 2, 6, 0, 5, 3, 8, 1, 7]),
        ("critical-path:cap=16", [4, 9, 2, 6, 0, 5, 3, 8, 1, 7]),
        // A step far longer than the test: nothing ages, so the order is strict.
        ("aging:step=600s", [4, 9, 2, 6, 0, 5, 3, 8, 1, 7]),
        // Stride 1, 2, 4, 8, 16 (veryHigh down): ties go to the higher level.
        ("weighted", [4, 2, 0, 3, 1, 9, 6, 5, 8, 7]),
    ]

    static let priorities: [QueuePriority] = [
        .normal, .veryLow, .high, .low, .veryHigh, .normal, .high, .veryLow, .low, .veryHigh,
    ]

    @Test(arguments: cases.map(\.specification))
    func lockQueueRunsInThePolicysOrder(_ specification: String) throws {
        let policy = try SchedulingPolicies.parse(specification)
        let queue = LockQueue(name: "policy", policy: policy)
        #expect(queue.policy == policy.declaration)
        try expectOrder(queue, specification)
    }

    @Test(arguments: cases.map(\.specification))
    func actorQueueRunsInThePolicysOrder(_ specification: String) throws {
        let policy = try SchedulingPolicies.parse(specification)
        let queue = ActorQueue(name: "policy", policy: policy)
        #expect(queue.policy == policy.declaration)
        try expectOrder(queue, specification)
    }

    @Test func queuesDefaultToStrict() {
        #expect(LockQueue(name: "default").policy.name == "strict")
        #expect(ActorQueue(name: "default").policy.name == "strict")
        #expect(LockQueue(policy: .aging(step: .milliseconds(2))).policy.description == "aging(step=2ms)")
    }

    private func expectOrder<Q: OperationQueueing>(_ queue: Q, _ specification: String) throws {
        let expected = try #require(Self.cases.first { $0.specification == specification }).order
        let order = ProbeLog<Int>()
        queue.maxConcurrentOperationCount = 1
        queue.isSuspended = true
        for (index, priority) in Self.priorities.enumerated() {
            try queue.addOperation(
                Q.Operation(name: "\(index)", priority: priority, body: .synchronous { _ in order.append(index) }))
        }
        queue.isSuspended = false
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(order.snapshot == expected)
    }
}
