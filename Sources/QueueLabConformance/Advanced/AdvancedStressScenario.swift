import Dispatch
import QueueLabAdvanced
import QueueLabCore

/// `advanced.stress`: what users reported stuck (ProcedureKit #267/#486/#665, PSOperations #87/#93):
/// exclusivity with several categories in opposite orders, groups holding categories whose
/// children hold others, dependencies on groups, and cancels at random moments. Everything must
/// finish within the bound, with every rule of the layer kept.
enum AdvancedStressScenario {
    static func run<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        let size = context.level == .quick ? 16 : context.level == .default ? 48 : 128
        try context.iterateAdvanced(type) { h in
            let queue = h.makeQueue("q", width: context.rng.int(in: 2...4))
            try crossed(h, queue)
            var added: [AdvancedOperation<Q>] = []
            var cancelLater: [AdvancedOperation<Q>] = []
            for index in 0..<size {
                let (op, produced) =
                    context.rng.chance(0.25) ? (makeGroup(h, index, context), nil) : makeOperation(h, index, context)
                if let dependency = added.randomElement(using: &context.rng), context.rng.chance(0.3) {
                    try op.addDependency(dependency)
                }
                if context.rng.chance(0.05) {
                    op.cancel()
                    h.expect(op, runs: .mustNot)
                    if let produced { h.forget(produced) }
                } else if context.rng.chance(0.2) {
                    cancelLater.append(op)
                    h.expect(op, runs: .either)
                    if let produced { h.forget(produced) }  // produced only if its producer still runs
                }
                added.append(op)
            }
            // Added in chunks from two threads at once, with cancels landing between them: the
            // cancels find operations pending, evaluating, waiting for categories or running.
            let chunks = stride(from: 0, to: added.count, by: 8).map { Array(added[$0..<min($0 + 8, added.count)]) }
            // The first error of either thread.
            let addError = Locked<(any Error)?>(nil)
            let cancels = cancelLater
            DispatchQueue.concurrentPerform(iterations: 2) { lane in
                for (number, chunk) in chunks.enumerated() where number % 2 == lane {
                    do { try queue.addOperations(chunk) } catch { addError.withLock { $0 = $0 ?? error } }
                    for op in cancels where op.id.rawValue % 8 == UInt64(number % 8) { op.cancel() }
                }
            }
            if let error = addError.withLock({ $0 }) { throw error }
            cancelLater.forEach { $0.cancel() }
            try h.waitForAll("the mixed operations")
            try h.validate()
        }
        return ScenarioPass()
    }

    /// An operation with up to three categories, sometimes asynchronous, sometimes with a condition
    /// that fails, sometimes producing another operation.
    static func makeOperation<Q: OperationQueueing>(
        _ h: AdvancedHarness<Q>, _ index: Int, _ context: ScenarioContext
    ) -> (AdvancedOperation<Q>, AdvancedOperation<Q>?) {
        let categories =
            AdvancedExclusivityScenarios.randomCategories(&context.rng) + (context.rng.chance(0.2) ? ["report"] : [])
        let produced = context.rng.chance(0.1) ? h.makeOperation("op\(index).produced", categories: ["alert"]) : nil
        let op = h.makeOperation(
            "op\(index)", categories: categories,
            asynchronous: context.has(.asynchronousOperations) && context.rng.chance(0.2),
            spinNanoseconds: UInt64(context.rng.int(in: 10...100)) * 1_000
        ) { op in if let produced { try op.produce(produced) } }
        if let produced { h.expect(produced, runs: .either) }
        if context.rng.chance(0.1) {
            op.addCondition(
                BlockCondition(name: "fails") {
                    .failed(ConditionFailed(condition: "fails", reason: "by the stress check"))
                })
            h.expect(op, runs: .mustNot)
            if let produced { h.forget(produced) }
            return (op, nil)
        }
        return (op, produced)
    }

    /// A group, sometimes exclusive itself, whose children hold categories, sometimes nested.
    static func makeGroup<Q: OperationQueueing>(_ h: AdvancedHarness<Q>, _ index: Int, _ context: ScenarioContext)
        -> AdvancedOperation<Q>
    {
        var children = (0..<context.rng.int(in: 1...4)).map { child in
            h.makeOperation(
                "g\(index).c\(child)", categories: AdvancedExclusivityScenarios.randomCategories(&context.rng),
                spinNanoseconds: UInt64(context.rng.int(in: 10...100)) * 1_000)
        }
        if context.rng.chance(0.3) {
            let inner = h.makeOperation("g\(index).inner.c0", categories: ["alert"], spinNanoseconds: 20_000)
            h.expect(inner, runs: .either)
            children.append(h.makeGroup("g\(index).inner", children: [inner]))
        }
        children.forEach { h.expect($0, runs: .either) }
        return h.makeGroup("group\(index)", children: children, categories: context.rng.chance(0.5) ? ["report"] : [])
    }

    /// Two operations needing the same two categories, listed in opposite orders, both waiting
    /// while two holders keep one category each: taking categories one by one deadlocks here.
    static func crossed<Q: OperationQueueing>(_ h: AdvancedHarness<Q>, _ queue: AdvancedQueue<Q>) throws {
        let deadline = h.deadline
        let gate = h.makeGate()
        let holders = [["alert"], ["network"]].enumerated().map { index, categories in
            h.makeOperation("holder\(index)", categories: categories) { _ in gate.wait(until: deadline) }
        }
        try h.add(holders, to: queue)
        for holder in holders { try h.waitForBodyStart(holder) }
        let crossed = [["alert", "network"], ["network", "alert"]].enumerated().map { index, categories in
            h.makeOperation("crossed\(index)", categories: categories, spinNanoseconds: 20_000)
        }
        try h.add(crossed, to: queue)
        try h.waitForPhase(crossed, .waitingForExclusivity)
        gate.open()
        try h.waitForAll("the crossed operations")
    }
}

extension Check {
    static let advancedStress = Check(
        id: "advanced.stress",
        summary: "advanced: exclusivity, groups, dependencies and cancels mixed: nothing stuck",
        sight: .advancedLayer,
        requirements: [.dependencies, .cancellation, .width],
        run: { queue, context in try AdvancedStressScenario.run(queue, context) })
}
