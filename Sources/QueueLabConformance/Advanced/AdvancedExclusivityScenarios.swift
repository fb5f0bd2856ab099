import QueueLabAdvanced
import QueueLabCore

/// `advanced.exclusivity`, `advanced.observers`, `advanced.cancel-running`.
enum AdvancedExclusivityScenarios {
    static let categoryPool = ["alert", "network", "database"]

    /// Random operations over a few categories (one to three each, in random order), some
    /// asynchronous, some cancelled: bodies sharing a category never overlap, and all finish.
    static func exclusivity<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        let count = context.level == .quick ? 16 : context.level == .default ? 32 : 64
        try context.iterateAdvanced(type) { h in
            let queue = h.makeQueue("q", width: context.rng.int(in: 2...4))
            var ops: [AdvancedOperation<Q>] = []
            for index in 0..<count {
                let categories = randomCategories(&context.rng)
                let asynchronous = context.has(.asynchronousOperations) && context.rng.chance(0.25)
                let op = h.makeOperation(
                    "op\(index)", categories: categories, asynchronous: asynchronous,
                    spinNanoseconds: UInt64(context.rng.int(in: 10...150)) * 1_000)
                if context.rng.chance(0.1) {
                    op.cancel()
                    h.expect(op, runs: .mustNot)
                } else if context.rng.chance(0.1) {
                    h.expect(op, runs: .either)
                }
                ops.append(op)
            }
            // Two of one category, both held in their bodies until one of them runs and the other
            // either waits for the category (a correct layer) or runs beside it (a layer that
            // ignores exclusivity). Either happens promptly, so a correct layer pays no fixed wait
            // and a broken one is caught on every run, however loaded the machine.
            let held = h.makeGate()
            let deadline = h.deadline
            let pair = (0..<2).map { index in
                h.makeOperation("pair\(index)", categories: ["alert"]) { _ in _ = held.wait(until: deadline) }
            }
            try h.add(pair, to: queue)
            try h.waitUntil("one of the pair running and the other waiting for its category or running too") {
                let started = pair.filter(h.hasStarted)
                return started.count == 2
                    || (started.count == 1 && pair.contains { $0.currentPhase == .waitingForExclusivity })
            }
            held.open()
            try h.add(ops, to: queue)
            for op in ops where context.rng.chance(0.05) {
                h.expect(op, runs: .either)
                op.cancel()
            }
            try h.waitForAll()
            try h.validate()
        }
        return ScenarioPass()
    }

    static func randomCategories(_ rng: inout SplitMix64) -> [String] {
        let count = rng.int(in: 0...3)
        return Array(categoryPool.shuffled(using: &rng).prefix(count))
    }

    /// Start and finish observers exactly once and in order; none of start for operations that
    /// never ran; produce observers before the produced operation starts.
    static func observers<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try context.iterateAdvanced(type) { h in
            let queue = h.makeQueue("q", width: 3)
            let plain = h.makeOperation("plain", spinNanoseconds: 50_000)
            var ops = [plain]
            if context.has(.asynchronousOperations) {
                ops.append(h.makeOperation("async", asynchronous: true, spinNanoseconds: 50_000))
            }
            let cancelled = h.makeOperation("cancelledEarly")
            cancelled.cancel()
            h.expect(cancelled, runs: .mustNot)
            let failing = h.makeOperation("conditionFails")
            failing.addCondition(
                BlockCondition(name: "no") { .failed(ConditionFailed(condition: "no", reason: "by the check")) })
            h.expect(failing, runs: .mustNot)
            let produced = h.makeOperation("produced")
            let producer = h.makeOperation("producer") { op in try op.produce(produced) }
            ops += [cancelled, failing, producer]
            try h.add(ops, to: queue)
            try h.waitForAll()
            try h.validate()
            let produceCalls = h.trace.snapshot.filter {
                $0.operation.id == producer.id && $0.kind == .didProduce(produced.id)
            }.count
            try context.require(
                produceCalls == 1, "\(producer.label)'s produce observer was called \(produceCalls) times, not once",
                evidence: h.excerpt(for: [producer.id, produced.id]))
        }
        return ScenarioPass()
    }

    /// Cancelled while its body runs (synchronous and asynchronous): only the flag is set; it is
    /// not finished, its finish observers do not run and its underlying operation does not finish
    /// until the body is over (PSOperations #74).
    static func cancelRunning<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        let kinds = context.has(.asynchronousOperations) ? [false, true] : [false]
        try context.iterateAdvanced(type) { h in
            let queue = h.makeQueue("q", width: 2)
            for asynchronous in kinds {
                let gate = h.makeGate()
                let deadline = h.deadline
                let op = h.makeOperation(
                    asynchronous ? "asyncRunning" : "running", categories: ["alert"], asynchronous: asynchronous
                ) { _ in
                    gate.wait(until: deadline)
                }
                let next = h.makeOperation(asynchronous ? "asyncNext" : "next", categories: ["alert"])
                try h.add([op, next], to: queue)
                try h.waitForBodyStart(op)
                op.cancel()
                let early = (op.isFinished, op.underlyingOperation.state)
                gate.open()
                try h.waitForAll()
                try context.require(
                    !early.0 && early.1 != .finished,
                    "\(op.label) reported finished (layer: \(early.0), underlying: \(early.1)) right after cancel, while its body still ran",
                    evidence: h.excerpt(for: [op.id]))
                let sawCancel = h.trace.snapshot.contains {
                    $0.operation.id == op.id && $0.kind == .bodyEnd(sawCancel: true, sawFinished: false)
                }
                try context.require(
                    sawCancel, "\(op.label)'s body never saw its cancel (or saw itself finished)",
                    evidence: h.excerpt(for: [op.id]))
            }
            try h.validate()
        }
        return ScenarioPass()
    }
}

extension Check {
    static let advancedExclusivity = Check(
        id: "advanced.exclusivity",
        summary: "advanced: one body per category at a time, several categories at once",
        sight: .advancedLayer,
        requirements: [.dependencies, .cancellation, .width],
        run: { queue, context in try AdvancedExclusivityScenarios.exclusivity(queue, context) })

    static let advancedObservers = Check(
        id: "advanced.observers",
        summary: "advanced: start, produce and finish observers exactly once, in order",
        sight: .advancedLayer,
        requirements: [.dependencies, .cancellation, .width],
        run: { queue, context in try AdvancedExclusivityScenarios.observers(queue, context) })

    static let advancedCancelRunning = Check(
        id: "advanced.cancel-running",
        summary: "advanced: cancelled while running, it finishes only after its body",
        sight: .advancedLayer,
        requirements: [.dependencies, .cancellation, .width],
        run: { queue, context in try AdvancedExclusivityScenarios.cancelRunning(queue, context) })
}
