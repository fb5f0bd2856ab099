import QueueLabAdvanced
import QueueLabCore

/// `advanced.stress`: what users reported stuck (ProcedureKit #267/#486/#665, PSOperations #87/#93):
/// exclusivity with several categories in opposite orders, groups holding categories whose
/// children hold others, dependencies on groups, and cancels at random moments. Everything must
/// finish within the bound, with every rule of the layer kept.
enum AdvancedStressScenario {
    static func run<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        let size = context.level == .quick ? 16 : context.level == .default ? 32 : 64
        let iterations = context.level == .stress ? 20 : context.level.iterations
        try context.iterateAdvanced(type, times: iterations) { h in
            let queue = h.makeQueue("q", width: context.rng.int(in: 2...4))
            try crossed(h, queue)
            var added: [AdvancedOperation<Q>] = []
            var cancellable: [AdvancedOperation<Q>] = []
            for index in 0..<size {
                let op: AdvancedOperation<Q>
                if context.rng.chance(0.25) {
                    let children = (0..<context.rng.int(in: 1...4)).map { child in
                        h.makeOperation(
                            "g\(index).c\(child)", categories: AdvancedExclusivityScenarios.randomCategories(&context.rng),
                            spinNanoseconds: UInt64(context.rng.int(in: 10...100)) * 1_000)
                    }
                    op = h.makeGroup("group\(index)", children: children, categories: context.rng.chance(0.5) ? ["report"] : [])
                    children.forEach { h.expect($0, runs: .either) }
                } else {
                    op = h.makeOperation(
                        "op\(index)", categories: AdvancedExclusivityScenarios.randomCategories(&context.rng) + (context.rng.chance(0.2) ? ["report"] : []),
                        asynchronous: context.has(.asynchronousOperations) && context.rng.chance(0.2),
                        spinNanoseconds: UInt64(context.rng.int(in: 10...100)) * 1_000)
                }
                if let dependency = added.randomElement(using: &context.rng), context.rng.chance(0.3) {
                    try op.addDependency(dependency)
                }
                if context.rng.chance(0.05) {
                    op.cancel()
                    h.expect(op, runs: .mustNot)
                } else if context.rng.chance(0.2) {
                    cancellable.append(op)
                    h.expect(op, runs: .either)
                }
                added.append(op)
            }
            try h.add(added, to: queue)
            for op in cancellable { op.cancel() }
            try h.waitForAll("the mixed operations")
            try h.validate()
        }
        return ScenarioPass()
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
