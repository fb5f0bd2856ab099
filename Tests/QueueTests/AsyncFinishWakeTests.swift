import Foundation
import QueueLabCore
import TestTiers
import Testing

/// A program `model.contract` shrank on the actor queue (seed 19 at quick): after a worker retired
/// one operation and took the next, `finish()` of an asynchronous operation started nothing (the
/// retiring worker had counted a worker to start for its own freed slot, so the width read full).
/// On the queues with workers of their own (``QueueBehaviourTests/queuesWithOwnWorkers``): the
/// program holds three bodies and waits for more starts.
@Suite(.onBlockingThreads) struct AsyncFinishWakeTests {
    @Test(
        arguments: QueueBehaviourTests.queuesWithOwnWorkers.filter {
            $0.capabilities.contains(.asynchronousOperations)
        }.map(QueueType.init))
    func finishOfAnAsynchronousOperationStartsTheNext(_ type: QueueType) throws {
        try type.open { queue in try program(queue) }
    }

    private func program<Q: OperationQueueing>(_ queue: Q) throws {
        let started = ProbeLog<String>()
        let gates = (0..<7).map { _ in DispatchSemaphore(value: 0) }
        func held(_ index: Int, _ priority: QueuePriority) -> Q.Operation {
            Q.Operation(
                name: "op\(index)", priority: priority,
                body: .synchronous { _ in
                    started.append("op\(index)")
                    _ = gates[index].wait(timeout: .now() + 120)
                })
        }
        queue.setStateObserver(ProbeTrace())
        queue.maxConcurrentOperationCount = 3
        queue.isSuspended = true
        let op0 = held(0, .normal)
        let op1 = Q.Operation(name: "op1", priority: .normal, body: .asynchronous { _ in started.append("op1") })
        let op2 = held(2, .low)
        let (op3, op4, op5, op6) = (held(3, .veryHigh), held(4, .normal), held(5, .veryLow), held(6, .normal))
        for op in [op0, op1, op2, op3, op4, op5, op6] { op.completionHandler = { started.append("done") } }
        try queue.addOperation(op0)
        try queue.addOperation(op1)
        // The edge is added while its dependency waits in the suspended queue.
        try op2.addDependency(op1)
        for op in [op2, op3, op4, op5, op6] { try queue.addOperation(op) }
        queue.isSuspended = false
        #expect(started.waitForCount(3, within: probeBound), "\(started.snapshot)")
        gates[3].signal()
        #expect(started.waitForCount(5, within: probeBound), "\(started.snapshot)")
        #expect(started.snapshot.contains("op1"))
        try op1.finish()
        // op1's slot goes to op6 (normal), ahead of op2 (low) which op1's finish made ready.
        #expect(started.waitForCount(7, within: probeBound), "after op1.finish(): \(started.snapshot)")
        for gate in gates { gate.signal() }
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
    }
}
