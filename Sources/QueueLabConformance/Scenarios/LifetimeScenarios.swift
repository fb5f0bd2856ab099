import Foundation
import QueueLabCore

/// What keeps a queue alive (``QueueCapabilities/lifetime``): its unfinished operations, as with
/// Foundation; never the operations the caller keeps after they finished.
enum LifetimeScenarios {
    /// A queue that did some of everything (a batch, a dependency, an asynchronous operation, a
    /// barrier), waited for, then dropped while its operations are kept: it must be freed.
    static func idle<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try context.iterate(type) { h in
            let dropped = try useAndDrop(h)
            let patience = context.patience(atLeast: .seconds(1))
            context.currentPhase = "waiting for the dropped queue to be freed"
            try context.require(
                dropped.becomesNil(before: h.deadline.capped(patience)),
                "a dropped queue whose operations all finished was not freed within \(patience) while the caller kept only its operations: something they hold (or its own threads) keeps it alive",
                evidence: h.excerpt(for: []))
        }
        return ScenarioPass()
    }

    /// A serial queue dropped while its first operation is still running and others wait behind
    /// it: it must live until they all finished, then be freed.
    static func pending<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try context.iterate(type) { h in
            let gate = h.makeGate()
            let deadline = h.deadline
            let blocker = h.makeOperation("blocker") { _ in gate.wait(until: deadline) }
            let waiting = (0..<context.rng.int(in: 3...8)).map { h.makeOperation("waiting\($0)") }
            let dropped = try addAndDrop([blocker] + waiting, h)
            let freedEarly =
                "a queue was freed while its operations were unfinished (\(blocker.label) and \(waiting.count) waiting behind it): a queue must live until its work finished"
            // Until the blocker starts, look now and then whether the queue is gone already.
            while !h.recorder.waitForBodyStarts(1, deadline: deadline.capped(.milliseconds(10)).nanoseconds) {
                try context.require(dropped.value != nil, freedEarly, evidence: h.excerpt(for: []))
                if deadline.hasPassed {
                    throw ScenarioAbort.stale("\(blocker.label) never started", evidence: h.excerpt(for: []))
                }
            }
            // Deterministic: the blocker cannot finish before the gate opens.
            try context.require(dropped.value != nil, freedEarly, evidence: h.excerpt(for: []))
            gate.open()
            for op in [blocker] + waiting { try h.waitForFinish(op) }
            try h.validate()
            let patience = context.patience(atLeast: .seconds(1))
            try context.require(
                dropped.becomesNil(before: h.deadline.capped(patience)),
                "a dropped queue was not freed within \(patience) after its last operation finished")
        }
        return ScenarioPass()
    }

    /// Runs everything the queue offers on a queue only this function holds.
    private static func useAndDrop<Q: OperationQueueing>(_ h: Harness<Q>) throws -> WeakQueue<Q> {
        let queue = h.context.makeQueue("dropped", as: Q.self)
        if h.observed { queue.setStateObserver(h.recorder) }
        let first = h.makeOperation("first")
        var batch = [first] + (0..<h.context.rng.int(in: 4...16)).map { h.makeOperation("member\($0)") }
        if h.context.has(.dependencies) { try h.depend(batch[1], on: first) }
        if h.context.has(.asynchronousOperations) { batch.append(h.makeOperation("async", asynchronous: true)) }
        try h.addBatch(batch, to: queue)
        if h.context.has(.barriers) { try queue.addBarrierBlock {} }
        if let stall = h.deadline.keepWaitingForAll(queue.waitUntilAllOperationsAreFinished(timeout:)) {
            throw ScenarioAbort.stale(
                "the queue's operations did not finish: \(h.context.stallDescription)",
                evidence: h.stallEvidence(first: stall))
        }
        return WeakQueue(queue)
    }

    private static func addAndDrop<Q: OperationQueueing>(_ ops: [Q.Operation], _ h: Harness<Q>) throws -> WeakQueue<Q> {
        let queue = h.context.makeQueue("dropped-busy", as: Q.self)
        if h.observed { queue.setStateObserver(h.recorder) }
        queue.maxConcurrentOperationCount = 1
        try h.addBatch(ops, to: queue)
        return WeakQueue(queue)
    }
}

/// A queue, weakly: how a check sees whether it was freed.
final class WeakQueue<Q: AnyObject & Sendable>: Sendable {
    weak let value: Q?

    init(_ value: Q) { self.value = value }

    /// Polls (nothing announces a deinit) until the queue is freed or `deadline` passed.
    func becomesNil(before deadline: Deadline) -> Bool {
        while value != nil {
            if deadline.hasPassed { return false }
            usleep(500)
        }
        return true
    }
}

extension Check {
    static let lifetimeIdle = Check(
        id: "lifetime.idle",
        summary: "a dropped queue whose operations finished is freed, though the caller keeps them",
        sight: .lifetime,
        requirements: [.lifetime],
        run: { queue, context in try LifetimeScenarios.idle(queue, context) })

    static let lifetimePending = Check(
        id: "lifetime.pending",
        summary: "a dropped queue lives until its unfinished operations finished",
        sight: .lifetime,
        requirements: [.lifetime],
        run: { queue, context in try LifetimeScenarios.pending(queue, context) })
}
