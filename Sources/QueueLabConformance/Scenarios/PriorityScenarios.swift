import QueueLabCore

/// Order is observable only with width 1 and everything ready at once: suspend, add, resume.
/// The order expected is the one the queues' policy promises (``PromisedOrder``); the suite runs a
/// check only when its ``PromiseRequirement`` is met, so the order is always fixed here.
enum PriorityScenarios {
    /// Foundation's own measured sequence (QueueLabCore DocC, "The contract"): added 0..9, ran 4 9 2 6 0 5 3 8 1 7.
    private static let measured: [QueuePriority] = [
        .normal, .veryLow, .high, .low, .veryHigh, .normal, .high, .veryLow, .low, .veryHigh,
    ]

    /// The order the policy promises for operations all ready at once (priority first).
    private static func promised(_ context: ScenarioContext) throws -> PromisedOrder {
        guard let order = PromisedOrder(context.promises) else {
            throw ScenarioAbort.unsupported("the promises (\(context.promises)) fix no start order")
        }
        return order
    }

    private static func runSerial<Q: OperationQueueing>(
        _ h: Harness<Q>, _ ops: [Q.Operation], afterAdd: () throws -> Void = {}, order: () -> [OperationID]?
    ) throws {
        let queue = h.makeQueue("serial", width: 1)
        queue.isSuspended = true
        try h.add(ops, to: queue)
        try afterAdd()
        let expected = order()
        queue.isSuspended = false
        try h.waitForAll()
        try h.validate {
            $0.width = 1
            $0.startOrder = expected
        }
    }

    static func order<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        let promised = try promised(context)
        try context.iterate(type, times: context.level.mixedPriorityIterations) { h in
            // Thousands per run: on a loaded machine, stop starting runs once half the bound is gone.
            guard !context.halfTimeBoundGone else { return }
            var priorities = measured
            // Hundreds per level from `default` on: a per-level structure that breaks past some
            // size (a ring, a wrapping index) shows here as well as in `priority.fifo`.
            for _ in 0..<context.rng.int(in: context.level.mixedPriorityOperations) {
                priorities.append(QueuePriority.allCases.randomElement(using: &context.rng) ?? .normal)
            }
            let ops = priorities.enumerated().map { h.makeOperation("p\($0.offset)", priority: $0.element) }
            try runSerial(h, ops) { promised.expected(ops) }
        }
        return ScenarioPass(promised.description)
    }

    /// One level, queued past each of the level's boundaries in turn (by at least two operations, so
    /// that an overflow of two or more shows its order), then run at width 1.
    static func fifo<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        guard let promised = PromisedOrder.withinLevel(context.promises) else {
            throw ScenarioAbort.unsupported("the promises (\(context.promises)) fix no order within a level")
        }
        let boundaries = context.level.fifoBoundaries
        var sizes: [Int] = []
        for boundary in boundaries {
            sizes.append(boundary + context.rng.int(in: 2...max(2, boundary / 4)))
        }
        // Smallest first, so that a small ring fails fast; on a loaded machine the runs stop once
        // half the bound is gone (a larger boundary missed, never a false STALE).
        var next = 0
        var ran: [Int] = []
        try context.iterate(type, times: sizes.count) { h in
            let size = sizes[next]
            next += 1
            guard !context.halfTimeBoundGone || ran.isEmpty else { return }
            ran.append(size)
            let level = QueuePriority.allCases.randomElement(using: &context.rng) ?? .normal
            let ops = (0..<size).map { h.makeOperation("f\($0)", priority: level) }
            try runSerial(h, ops) { promised.expected(ops) }
        }
        return ScenarioPass(
            promised.description, scenario: "queued \(ran.map(String.init).joined(separator: ", ")) of one level")
    }

    static func change<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        let promised = try promised(context)
        try context.iterate(type) { h in
            let ops = (0..<6).map { h.makeOperation("c\($0)") }
            try runSerial(
                h, ops,
                afterAdd: {
                    // Raise one, lower another, while they wait in the suspended queue.
                    let raised = context.rng.int(in: 1...5)
                    ops[raised].queuePriority = .veryHigh
                    ops[0].queuePriority = .veryLow
                }, order: { promised.expected(ops) })
        }
        return ScenarioPass(promised.description)
    }

    /// `high` depends on `low`: it never starts before `low` finished, whatever the policy (the
    /// validator checks every declared dependency). The order of the free operations is checked
    /// too when the promises fix it.
    static func dependenciesWin<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass
    {
        let promised = PromisedOrder(context.promises)
        try context.iterate(type) { h in
            let low = h.makeOperation("low", priority: .veryLow)
            let high = h.makeOperation("high", priority: .veryHigh)
            let normal = h.makeOperation("normal", priority: .normal)
            try h.depend(high, on: low)
            try runSerial(h, [low, high, normal]) {
                // Ready at resume: low and normal, in the promised order; high only once low finished.
                guard let promised else { return nil }
                // Inheriting, low runs at the priority of high, which waits for it: the pair goes
                // first, high as soon as low finished.
                if promised.byPriority, context.promises.contains(.priorityInheritance) {
                    return [low.id, high.id, normal.id]
                }
                return promised.expected([low, normal]) + [high.id]
            }
        }
        return ScenarioPass(
            promised.map { "dependencies first, then \($0)" } ?? "dependencies first; the promises fix no other order")
    }
}

extension Check {
    // The within-level order is what the check expects among equals: FIFO, or LIFO when promised.
    private static let strictPriorityThenOrderWithinLevel = PromiseRequirement([
        [.strictPriority, .fifoWithinLevel], [.strictPriority, .lifoWithinLevel],
    ])

    static let priorityOrder = Check(
        id: "priority.order",
        summary: "width 1, resumed: strict priority, FIFO (or the promised LIFO) within a level",
        sight: .oneBurstAtWidthOne,
        requirements: [.priorities, .width, .suspension],
        promises: Check.strictPriorityThenOrderWithinLevel,
        run: { queue, context in try PriorityScenarios.order(queue, context) })

    static let priorityFIFO = Check(
        id: "priority.fifo",
        summary: "width 1, one level: first added, first started (last first under a LIFO policy)",
        sight: .oneBurstAtWidthOne,
        requirements: [.priorities, .width, .suspension],
        promises: PromiseRequirement([.fifoWithinLevel, .readyOrder, .lifoWithinLevel]),
        run: { queue, context in try PriorityScenarios.fifo(queue, context) })

    static let priorityChange = Check(
        id: "priority.change",
        summary: "a priority changed after enqueue moves the operation",
        sight: .oneBurstAtWidthOne,
        requirements: [.priorities, .width, .suspension],
        promises: Check.strictPriorityThenOrderWithinLevel,
        run: { queue, context in try PriorityScenarios.change(queue, context) })

    // Dependencies always win; which of the free operations goes first is checked only when a
    // promise fixes it (see `PriorityScenarios.dependenciesWin`).
    static let priorityDependenciesWin = Check(
        id: "priority.deps-win",
        summary: "dependencies win over priority (and the rest in the promised order)",
        sight: .oneBurstAtWidthOne,
        requirements: [.priorities, .width, .suspension, .dependencies],
        run: { queue, context in try PriorityScenarios.dependenciesWin(queue, context) })
}
