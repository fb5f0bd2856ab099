import Foundation
import QueueLabCore

/// Queue-level behaviour: suspend and resume, barriers, waiting for everything.
enum QueueScenarios {
    static func suspendResume<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try context.iterate(type) { h in
            let window = context.observationWindow
            let queue = h.makeQueue("q", width: 2)
            queue.isSuspended = true
            try h.add((0..<4).map { h.makeOperation("s\($0)") }, to: queue)
            let startedWhileSuspended = h.recorder.waitForBodyStarts(1, deadline: h.deadline.capped(window).nanoseconds)
            try context.require(
                !startedWhileSuspended, "an operation started while the queue was suspended",
                evidence: h.excerpt(for: []))
            queue.isSuspended = false
            try h.waitForAll("the operations added while suspended, after resume")

            // Running work goes on while suspended; new work waits for resume.
            let gate = h.makeGate()
            let deadline = h.deadline
            let running = h.makeOperation("running") { _ in gate.wait(until: deadline) }
            try h.add(running, to: queue)
            guard h.recorder.waitForBodyStarts(5, deadline: deadline.nanoseconds) else {
                throw ScenarioAbort.stale("\(running.label) never started", evidence: h.stallEvidence(first: nil))
            }
            queue.isSuspended = true
            let waiting = h.makeOperation("addedWhileSuspended")
            try h.add(waiting, to: queue)
            gate.open()
            try h.waitForFinish(
                running, "\(running.label), already executing, did not finish while the queue was suspended")
            let startedLate = h.recorder.waitForBodyStarts(6, deadline: deadline.capped(window).nanoseconds)
            try context.require(
                !startedLate, "\(waiting.label) started while the queue was suspended",
                evidence: h.excerpt(for: [waiting.id]))
            queue.isSuspended = false
            try h.waitForAll()
            try h.validate()
        }
        return ScenarioPass()
    }

    static func barrier<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try context.iterate(type) { h in
            let queue = h.makeQueue("q", width: 3)
            let gate = h.makeGate()
            let deadline = h.deadline
            let asyncOK = context.has(.asynchronousOperations)
            let held = (0..<2).map { index in
                h.makeOperation("held\(index)", asynchronous: asyncOK && index == 1) { _ in gate.wait(until: deadline) }
            }
            let quick = h.makeOperation("quickBefore")
            let after = (0..<3).map { h.makeOperation("after\($0)") }
            try h.add(held + [quick], to: queue)
            try h.addBarrier(0, to: queue)
            try h.add(after, to: queue)
            guard held.allSatisfy({ h.recorder.waitForBodyStart(of: $0.id, deadline: deadline.nanoseconds) }) else {
                throw ScenarioAbort.stale(
                    "the operations before the barrier never started", evidence: h.stallEvidence(first: nil))
            }
            // Give a barrier that does not wait the time to show it, then release the held work.
            _ = h.recorder.waitForBodyStarts(
                Int.max, deadline: deadline.capped(context.observationWindow).nanoseconds)
            gate.open()
            let racing = try racingBarrier(h, queue)
            try h.waitForAll()
            try h.validate {
                $0.barriers = [(index: 0, before: (held + [quick]).map(\.id), after: after.map(\.id))]
                $0.barrierRaces = [(index: 1, racing: racing.map(\.id))]
            }
        }
        return ScenarioPass()
    }

    /// Barrier 1, added while another thread adds operations one by one: returns those operations,
    /// each of which must land on one side of it.
    private static func racingBarrier<Q: OperationQueueing>(_ h: Harness<Q>, _ queue: Q) throws -> [Q.Operation] {
        let deadline = h.deadline
        let racing = (0..<6).map { h.makeOperation("racing\($0)", spinNanoseconds: 20_000) }
        let go = h.makeGate()
        let added = h.makeGate()
        let failure = ErrorBox()
        let adder = Thread {
            _ = go.wait(until: deadline)
            for op in racing {
                do { try h.add([op], to: queue) } catch { failure.set(error) }
            }
            added.open()
        }
        adder.start()
        go.open()
        try h.addBarrier(1, to: queue)
        _ = added.wait(until: deadline)
        if let error = failure.error { throw error }
        return racing
    }

    static func waitAll<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try context.iterate(type) { h in
            let queue = h.makeQueue("q", width: 2)
            let spawned = SpawnedOperations<Q.Operation>()
            // Each generation adds the next from inside its body, while the scenario thread waits.
            @Sendable func generation(_ depth: Int) -> Q.Operation {
                h.makeOperation("g\(depth)", spinNanoseconds: 1_000_000) { [weak h] _ in
                    guard let h, depth < 3 else { return }
                    let next = generation(depth + 1)
                    spawned.append(next)
                    do { try h.add(next, to: queue) } catch {
                        h.recorder.record(
                            .note("adding \(next.label) from a body threw \(error)"), operation: next.id,
                            name: next.name)
                    }
                }
            }
            let first = generation(0)
            try h.add(first, to: queue)
            h.context.currentPhase = "waitUntilAllOperationsAreFinished"
            if let stall = h.deadline.keepWaitingForAll(queue.waitUntilAllOperationsAreFinished(timeout:)) {
                throw ScenarioAbort.stale(
                    "waitUntilAllOperationsAreFinished timed out: \(h.context.stallDescription)",
                    evidence: h.stallEvidence(first: stall))
            }
            let unfinished = ([first] + spawned.all).filter { !$0.isFinished }
            try context.require(
                unfinished.isEmpty && spawned.all.count == 3,
                "waitUntilAllOperationsAreFinished returned while \(unfinished.map { "\($0.label) was \($0.state)" }.joined(separator: ", ")) (\(spawned.all.count) of 3 added while waiting)",
                evidence: h.excerpt(for: []))
            let single = h.makeOperation("single", spinNanoseconds: 500_000)
            try h.add(single, to: queue)
            try context.require(
                h.deadline.keepWaiting { single.waitUntilFinished(timeout: $0) } && single.isFinished,
                "\(single.label).waitUntilFinished returned before it finished (\(single.state))")
            try h.validate()
        }
        return ScenarioPass()
    }
}

/// Operations made by bodies, collected for the scenario thread.
final class SpawnedOperations<Op: QueueOperation>: @unchecked Sendable {
    // @unchecked Sendable: `items` is only touched under `lock`.
    private let lock = NSLockBox()
    private var items: [Op] = []

    func append(_ op: Op) { lock.withLock { items.append(op) } }
    var all: [Op] { lock.withLock { items } }
}
