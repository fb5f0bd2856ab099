import Foundation
import QueueLabCore

/// `barrier.order`: a barrier runs after every operation added before it, whether that operation
/// was executing, queued behind the width or waiting on a dependency when the barrier came, and
/// before every operation added after it; operations added from another thread while it is added
/// each land on one side.
enum BarrierScenarios {
    static func order<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try context.iterate(type) { h in try beforeItStarted(h, context) }
        if context.has(.width) {
            try context.iterate(type) { h in try beforeItWaiting(h, context) }
        }
        return ScenarioPass()
    }

    /// Barrier 0: everything before it has started (two held, one quick); barrier 1 races adds.
    private static func beforeItStarted<Q: OperationQueueing>(_ h: Harness<Q>, _ context: ScenarioContext) throws {
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

    /// Barrier 1, added while another thread adds operations one by one: returns those operations,
    /// each of which must land on one side of it.
    private static func racingBarrier<Q: OperationQueueing>(_ h: Harness<Q>, _ queue: Q) throws -> [Q.Operation] {
        let deadline = h.deadline
        let racing = (0..<6).map { h.makeOperation("racing\($0)", spinNanoseconds: 20_000) }
        let go = h.makeGate()
        let added = h.makeGate()
        let failure = Locked<(any Error)?>(nil)
        let adder = Thread {
            _ = go.wait(until: deadline)
            for op in racing {
                do { try h.add([op], to: queue) } catch { failure.withLock { $0 = $0 ?? error } }
            }
            added.open()
        }
        adder.start()
        go.open()
        try h.addBarrier(1, to: queue)
        _ = added.wait(until: deadline)
        if let error = failure.withLock({ $0 }) { throw error }
        return racing
    }

    /// Barrier 2, added while the operations before it have not all started: two hold the width
    /// (2), some are queued behind them, one waits on a dependency in another queue. A barrier that
    /// waits only for what was executing when it came runs as soon as the two end; the queued and
    /// the waiting one start after it.
    private static func beforeItWaiting<Q: OperationQueueing>(_ h: Harness<Q>, _ context: ScenarioContext) throws {
        let deadline = h.deadline
        let queue = h.makeQueue("q", width: 2)
        let endExecuting = h.makeGate()
        let executing = (0..<2).map { index in
            h.makeOperation("executing\(index)") { _ in endExecuting.wait(until: deadline) }
        }
        let queued = (0..<context.rng.int(in: 2...5)).map { h.makeOperation("queued\($0)") }
        var waiting: [Q.Operation] = []
        let endDependency = h.makeGate()
        if context.has([.dependencies, .crossQueueDependencies]) {
            let other = h.makeQueue("other", width: 1)
            let dependency = h.makeOperation("dependency") { _ in endDependency.wait(until: deadline) }
            let dependent = h.makeOperation("waitsOnDependency")
            try h.depend(dependent, on: dependency)
            try h.add(dependency, to: other)
            waiting = [dependent]
        }
        // Added in this order, the dependent first: it must not take a slot while it waits. The
        // queued ones come once the executing pair holds the width, so that they wait behind it
        // under any policy (a LIFO one would start the newest first).
        try h.add(waiting + executing, to: queue)
        guard executing.allSatisfy({ h.recorder.waitForBodyStart(of: $0.id, deadline: deadline.nanoseconds) }) else {
            throw ScenarioAbort.stale(
                "the operations holding the width never started", evidence: h.stallEvidence(first: nil))
        }
        try h.add(queued, to: queue)
        try h.addBarrier(2, to: queue)
        let after = (0..<2).map { h.makeOperation("afterBarrier\($0)") }
        try h.add(after, to: queue)
        // The executing ones end; the queued ones run; the barrier must still wait for the dependent.
        endExecuting.open()
        _ = h.recorder.waitForBodyStarts(Int.max, deadline: deadline.capped(context.observationWindow).nanoseconds)
        endDependency.open()
        try h.waitForAll()
        try h.validate {
            $0.barriers = [(index: 2, before: (executing + queued + waiting).map(\.id), after: after.map(\.id))]
        }
    }
}

extension Check {
    static let barrierOrder = Check(
        id: "barrier.order",
        summary: "a barrier runs after everything before it, before everything after; racing adds land on one side",
        sight: CheckSight(
            sees:
                "before and after sets around a barrier, racing adds landing wholly on one side",
            cannotSee:
                "races narrower than the adding threads achieve (a PASS is evidence, not proof)"),
        requirements: [.barriers],
        run: { queue, context in try BarrierScenarios.order(queue, context) })
}
