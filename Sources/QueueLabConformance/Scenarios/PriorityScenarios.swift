import QueueLabCore

/// Order is observable only with width 1 and everything ready at once: suspend, add, resume.
enum PriorityScenarios {
    /// Foundation's own measured sequence (semantics.md): added 0..9, ran 4 9 2 6 0 5 3 8 1 7.
    private static let measured: [QueuePriority] = [
        .normal, .veryLow, .high, .low, .veryHigh, .normal, .high, .veryLow, .low, .veryHigh,
    ]

    /// Highest priority first, then first added (the sort is stable).
    private static func expectedOrder<Op: QueueOperation>(_ ops: [Op]) -> [OperationID] {
        ops.enumerated().sorted { ($0.element.queuePriority, -$0.offset) > ($1.element.queuePriority, -$1.offset) }.map(
            \.element.id)
    }

    private static func runSerial<Q: OperationQueueing>(
        _ h: Harness<Q>, _ ops: [Q.Operation], afterAdd: () throws -> Void = {}, order: () -> [OperationID]
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
            try runSerial(h, ops) { expectedOrder(ops) }
        }
        return ScenarioPass()
    }

    /// One level, queued past each of the level's boundaries in turn (by at least two operations, so
    /// that an overflow of two or more shows its order), then run at width 1.
    static func fifo<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
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
            try runSerial(h, ops) { ops.map(\.id) }
        }
        return ScenarioPass(scenario: "queued \(ran.map(String.init).joined(separator: ", ")) of one level")
    }

    static func change<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try context.iterate(type) { h in
            let ops = (0..<6).map { h.makeOperation("c\($0)") }
            try runSerial(
                h, ops,
                afterAdd: {
                    // Raise one, lower another, while they wait in the suspended queue.
                    let raised = context.rng.int(in: 1...5)
                    ops[raised].queuePriority = .veryHigh
                    ops[0].queuePriority = .veryLow
                }, order: { expectedOrder(ops) })
        }
        return ScenarioPass()
    }

    static func dependenciesWin<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass
    {
        try context.iterate(type) { h in
            let low = h.makeOperation("low", priority: .veryLow)
            let high = h.makeOperation("high", priority: .veryHigh)
            let normal = h.makeOperation("normal", priority: .normal)
            try h.depend(high, on: low)
            // Ready at resume: low and normal; normal is higher; then low; then high, freed by low.
            try runSerial(h, [low, high, normal]) { [normal.id, low.id, high.id] }
        }
        return ScenarioPass()
    }
}
