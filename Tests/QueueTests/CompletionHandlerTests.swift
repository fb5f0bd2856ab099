import Foundation
import QueueLabCore
import QueueLabImplementations
import Synchronization
import TestTiers
import Testing

/// A completion handler runs after its operation finished and may take its time; ready work does
/// not wait for it. (Before workers stepped away for handlers, `lock` and `actor` stalled with as
/// many slow handlers as their width.)
///
/// Foundation is left out (``QueueBehaviourTests/queuesWithOwnWorkers``): whether its fourth
/// blocked handler gets a thread within the bound is libdispatch's pool growth. What this test
/// guards is QueueLab's own workers.
@Suite(.onBlockingThreads) struct CompletionHandlerTests {
    static var queues: [any OperationQueueing.Type] { QueueBehaviourTests.queuesWithOwnWorkers }

    @Test(arguments: queues.map(QueueType.init))
    func slowCompletionHandlersDoNotHoldUpReadyWork(_ type: QueueType) throws {
        try type.open { queue in try slowHandlers(queue) }
    }

    private func slowHandlers<Q: OperationQueueing>(_ queue: Q) throws {
        let release = ProbeLatch()
        let handlersStarted = ProbeCounter()
        let handlersDone = ProbeCounter()
        // More held handlers than QueueLab's queues have workers by default (one per core, at
        // least two).
        let held = max(2, ProcessInfo.processInfo.activeProcessorCount) + 2
        for index in 0..<held {
            let operation = Q.Operation(name: "held\(index)") { _ in }
            operation.completionHandler = {
                handlersStarted.increment()
                release.wait()
                handlersDone.increment()
            }
            try queue.addOperation(operation)
        }
        try #require(handlersStarted.wait(for: held))
        let ran = ProbeLatch()
        try queue.addOperation(Q.Operation(name: "later") { _ in ran.open() })
        #expect(ran.wait(), "an operation never started while \(held) completion handlers were running")
        release.open()
        #expect(handlersDone.wait(for: held))
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
    }
}
