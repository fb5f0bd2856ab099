import Foundation
import QueueLabCore
import QueueLabImplementations
import Synchronization
import TestTiers
import Testing

/// What keeps a queue alive: its unfinished operations (as with Foundation), never operations that
/// finished and that the caller keeps.
@Suite(.onBlockingThreads) struct QueueLifetimeTests {
    @Test(arguments: QueueBehaviourTests.queues.map(QueueType.init))
    func anIdleQueueIsFreedWhileItsFinishedOperationsAreKept(_ type: QueueType) throws {
        try idleQueueIsFreed(type.type)
    }

    private func idleQueueIsFreed<Q: OperationQueueing>(_: Q.Type) throws {
        let (weakQueue, kept) = try Self.runAndDrop(Q.self)
        #expect(kept.allSatisfy { $0.state == .finished })
        #expect(Self.becomesNil(weakQueue), "\(Q.implementationName): a dropped idle queue was never freed")
    }

    /// Runs operations on a queue that only this function holds; returns the queue, weakly, and
    /// the operations, which the caller keeps.
    private static func runAndDrop<Q: OperationQueueing>(_: Q.Type) throws -> (WeakBox<Q>, [Q.Operation]) {
        let queue = Q(name: "dropped")
        let first = Q.Operation(name: "first") { _ in }
        let operations = [first] + (0..<100).map { index in Q.Operation(name: "\(index)") { _ in } }
        try operations[1].addDependency(first)
        try queue.addOperations(operations, waitUntilFinished: false)
        try queue.addBarrierBlock {}
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        return (WeakBox(queue), operations)
    }

    @Test(arguments: QueueBehaviourTests.queues.map(QueueType.init))
    func aDroppedQueueWithPendingWorkLivesUntilItsWorkFinished(_ type: QueueType) throws {
        try pendingWorkKeepsQueue(type.type)
    }

    private func pendingWorkKeepsQueue<Q: OperationQueueing>(_: Q.Type) throws {
        let gate = ProbeLatch()
        let started = ProbeLatch()
        let completions = ProbeCounter()
        let ran = Atomic<Int>(0)
        var weakQueue: WeakBox<Q>
        var operations: [Q.Operation] = []
        do {
            let queue = Q(name: "pending")
            queue.maxConcurrentOperationCount = 1
            let blocker = Q.Operation(name: "blocker") { _ in
                started.open()
                gate.wait()
                ran.add(1, ordering: .relaxed)
            }
            operations =
                [blocker]
                + (0..<20).map { index in Q.Operation(name: "\(index)") { _ in ran.add(1, ordering: .relaxed) } }
            for operation in operations { operation.completionHandler = { completions.increment() } }
            try operations[1].addDependency(blocker)
            try queue.addOperations(operations, waitUntilFinished: false)
            weakQueue = WeakBox(queue)
        }
        try #require(started.wait())
        // Deterministic: the blocker cannot finish before the gate opens.
        #expect(weakQueue.value != nil, "\(Q.implementationName): a queue with pending work was freed")
        gate.open()
        #expect(completions.wait(for: operations.count))
        #expect(ran.load(ordering: .relaxed) == operations.count)
        #expect(operations.allSatisfy { $0.state == .finished })
        #expect(Self.becomesNil(weakQueue), "\(Q.implementationName): the queue was not freed once its work finished")
    }

    /// Polls a weak reference: nothing signals a deinit. Returns as soon as it is nil; the bound
    /// only matters when the queue leaks (QueueLab's lock queue lets go once its idle workers end,
    /// within 200 ms).
    static func becomesNil<Q: AnyObject>(_ box: WeakBox<Q>, within bound: Duration = probeBound) -> Bool {
        let deadline = ContinuousClock.now + bound
        while box.value != nil {
            guard ContinuousClock.now < deadline else { return false }
            usleep(1_000)
        }
        return true
    }
}

final class WeakBox<Object: AnyObject & Sendable>: Sendable {
    weak let value: Object?
    init(_ value: Object) { self.value = value }
}
