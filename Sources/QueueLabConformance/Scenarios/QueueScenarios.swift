import Foundation
import QueueLabCore

/// Queue-level behaviour: suspend and resume, waiting for everything (barriers: ``BarrierScenarios``).
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
final class SpawnedOperations<Op: QueueOperation>: Sendable {
    private let items = Locked<[Op]>([])

    func append(_ op: Op) { items.withLock { $0.append(op) } }
    var all: [Op] { items.withLock { $0 } }
}

extension Check {
    static let suspendResume = Check(
        id: "suspend.resume",
        summary: "nothing starts while suspended; running work goes on",
        sight: CheckSight(
            sees:
                "no body starts while suspended; running ones go on",
            cannotSee:
                "a start in the instant of the suspend call (not promised either way)"),
        requirements: [.suspension],
        run: { queue, context in try QueueScenarios.suspendResume(queue, context) })

    static let waitAll = Check(
        id: "wait.all",
        summary: "waiting covers operations added while waiting",
        sight: .waits,
        requirements: [],
        run: { queue, context in try QueueScenarios.waitAll(queue, context) })
}
