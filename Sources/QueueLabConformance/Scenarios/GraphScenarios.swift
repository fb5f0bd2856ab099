import QueueLabCore

/// The random scenarios: each iteration draws a ``GraphSpec`` from the seed, runs it, and on a FAIL
/// shrinks it to the smallest variant that still fails, which is what the report shows.
enum GraphScenarios {
    struct Options {
        var sampler = false
        var checkWidth = true
    }

    static func stateExclusivity<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws
        -> ScenarioPass
    {
        var shape = GraphSpec.Shape(size: context.level.graphSize, maxSpinMicroseconds: 500, minSpinMicroseconds: 100)
        shape.asyncProbability = context.has(.asynchronousOperations) ? 0.3 : 0
        shape.cancelAfterAddProbability = context.has(.cancellation) ? 0.15 : 0
        return try runRandom(type, context, shape: shape, options: Options(sampler: true))
    }

    static func randomDAG<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        var shape = GraphSpec.Shape(size: context.level.graphSize, edgeProbability: 0.4)
        shape.asyncProbability = context.has(.asynchronousOperations) ? 0.2 : 0
        return try runRandom(type, context, shape: shape, options: Options())
    }

    static func cancelRace<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        let count = context.level.raceRepetitions
        var shape = GraphSpec.Shape(size: count...count, edgeProbability: 0.05, maxSpinMicroseconds: 30)
        shape.asyncProbability = context.has(.asynchronousOperations) ? 0.2 : 0
        shape.cancelBeforeAddProbability = 0.1
        shape.cancelAfterAddProbability = 0.7
        return try runRandom(type, context, shape: shape, options: Options(), iterations: 1)
    }

    static func onceBody<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        let count = context.level.raceRepetitions * 2
        var shape = GraphSpec.Shape(size: count...count, edgeProbability: 0, maxSpinMicroseconds: 20)
        shape.asyncProbability = context.has(.asynchronousOperations) ? 0.3 : 0
        return try runRandom(type, context, shape: shape, options: Options(), iterations: 1)
    }

    private static func runRandom<Q: OperationQueueing>(
        _ type: Q.Type, _ context: ScenarioContext, shape: GraphSpec.Shape, options: Options, iterations: Int? = nil
    ) throws -> ScenarioPass {
        var last: GraphSpec?
        for iteration in 0..<(iterations ?? context.level.iterations) {
            // On a loaded machine the level's iterations may not fit its bound: stop starting new
            // graphs once half of it is gone, so that a correct queue never ends STALE for the
            // suite's own pace (fewer graphs, less power; the pass says how many ran).
            if iteration > 0 && context.deadline.remaining < context.timeBound / 2 {
                return ScenarioPass(
                    "\(iteration) of \(iterations ?? context.level.iterations) graphs in half the time bound",
                    scenario: last?.description)
            }
            var spec = GraphSpec.random(shape, rng: &context.rng)
            if !context.has(.width) { spec.width = nil }
            last = spec
            var jitter = context.rng.split()
            do {
                try run(spec, type, context, options: options, rng: &jitter)
            } catch ScenarioAbort.fail(let message, let evidence) {
                throw shrink(spec, type, context, options: options, firstFailure: (message, evidence))
            }
        }
        return ScenarioPass(scenario: last?.description)
    }

    /// Runs one graph: builds it, adds every node in order (dependencies first), cancels at the
    /// drawn points, waits and validates.
    static func run<Q: OperationQueueing>(
        _ spec: GraphSpec, _ type: Q.Type, _ context: ScenarioContext, options: Options, rng: inout SplitMix64
    ) throws {
        let h = Harness<Q>(context: context)
        defer { h.close() }
        // Bodies meet in pairs only where the width lets two run at once: at width 1 (or the
        // default width, which promises no concurrency) a partner can never arrive, and every
        // body would wait out the meeting's bound until a correct queue ran out of time.
        if context.level.forcesOverlap, let width = spec.width, width >= 2 { h.startBarrierParties = 2 }
        let queue = h.makeQueue("graph", width: spec.width)
        let ops = spec.nodes.enumerated().map { index, node in
            h.makeOperation(
                "n\(index)", priority: node.priority, asynchronous: node.asynchronous,
                spinNanoseconds: node.spinNanoseconds)
        }
        for edge in spec.edges { try h.depend(ops[edge.from], on: ops[edge.to]) }
        if options.sampler { h.startSampler() }
        for (index, node) in spec.nodes.enumerated() {
            let op = ops[index]
            switch node.cancel {
            case .never:
                try h.add(op, to: queue)
            case .beforeAdd:
                op.cancel()
                h.expect(op, runs: .mustNot)
                try h.add(op, to: queue)
            case .afterAdd(let delay):
                h.expect(op, runs: .either)
                try h.add(op, to: queue)
                MonotonicClock.spin(nanoseconds: delay)
                op.cancel()
            }
        }
        try h.waitForAll()
        try h.validate { expect in
            if options.checkWidth, let width = spec.width { expect.width = width }
        }
    }

    /// Greedy shrinking, as Lincheck minimises: keep the first smaller variant that still fails
    /// (tried twice, since failures are races), until none does or the budget runs out.
    private static func shrink<Q: OperationQueueing>(
        _ failing: GraphSpec, _ type: Q.Type, _ context: ScenarioContext, options: Options,
        firstFailure: (String, [String])
    ) -> ScenarioAbort {
        var smallest = failing
        var failure = firstFailure
        let budget = Deadline(after: context.level == .stress ? .seconds(30) : .seconds(6))
        var attempts = 0
        var improved = true
        while improved && !budget.hasPassed {
            improved = false
            for candidate in smallest.shrinkCandidates where !budget.hasPassed {
                attempts += 1
                if let found = failureOf(candidate, type, context, options: options, tries: 2) {
                    smallest = candidate
                    failure = found
                    improved = true
                    break
                }
            }
        }
        let header = [
            "scenario (shrunk from \(failing.nodes.count) ops/\(failing.edges.count) edges after \(attempts) attempts): \(smallest)"
        ]
        return .fail(failure.0, evidence: header + failure.1)
    }

    private static func failureOf<Q: OperationQueueing>(
        _ spec: GraphSpec, _ type: Q.Type, _ context: ScenarioContext, options: Options, tries: Int
    ) -> (String, [String])? {
        for attempt in 0..<tries {
            let child = context.child(deadline: Deadline(after: .seconds(2)))
            var jitter = SplitMix64(seed: UInt64(attempt) &+ 1)
            do {
                try run(spec, type, child, options: options, rng: &jitter)
            } catch ScenarioAbort.fail(let message, let evidence) {
                return (message, evidence)
            } catch {
                return nil
            }
        }
        return nil
    }
}
