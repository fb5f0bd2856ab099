import ActorBasedQueue
import LockBasedQueue
import QueueLabCore
import TestTiers
import Testing

/// A barrier waits for everything added before it, and what was added after it waits for the
/// barrier: an edge from an operation before a barrier to one after it closes a cycle, which the
/// contract refuses as it refuses one through dependencies (`cycle.rejected`). The model's
/// `model.contract` found the suite's own correct test queue accepting it (default, seed 1, as
/// `q0 width 1; op0, op1; barrier; op3; op1 depends on op3`): its cycle search followed
/// dependencies only.
@Suite("A cycle through a barrier is refused", .onBlockingThreads)
struct BarrierCycleTests {
    @Test("by the correct test queue") func testQueue() throws { try refuses(TestQueue<Correct>.self) }
    @Test("by lock") func lock() throws { try refuses(LockQueue.self) }
    @Test("by actor") func actor() throws { try refuses(ActorQueue.self) }

    /// Suspended, so that nothing starts and the barrier's order alone decides.
    private func refuses<Q: OperationQueueing>(_: Q.Type) throws {
        let queue = Q(name: "q0")
        queue.isSuspended = true
        let before = Q.Operation(name: "before", priority: .normal, body: .synchronous { _ in })
        let after = Q.Operation(name: "after", priority: .normal, body: .synchronous { _ in })
        try queue.addOperation(before)
        try queue.addBarrierBlock {}
        try queue.addOperation(after)
        #expect(throws: QueueError.self) { try before.addDependency(after) }
        // The edge the other way agrees with the barrier's order and is accepted.
        try after.addDependency(before)
        queue.isSuspended = false
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: .seconds(10)).isFinished)
    }
}
