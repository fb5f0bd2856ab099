import QueueLabCore

/// The random scenarios: each iteration draws a ``GraphSpec`` from the seed, runs it, and on a FAIL
/// shrinks it to the smallest variant that still fails, which is what the report shows.
enum GraphScenarios {
    struct Options {
        var sampler = false
        var checkWidth = true
        /// Set by `cancel.race`: a cancel after add waits (up to its drawn delay) for the operation
        /// to be handed off, and where each aimed cancel landed is tallied here.
        var landings: LandingLog?
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
        let targetOneIn = context.level.graphCancelRaceFloorOneIn
        let needed = CheckPower.eventsNeeded(oneIn: targetOneIn)
        let log = LandingLog()
        var pass = try runRandom(
            type, context, shape: shape, options: Options(landings: log), iterations: 1,
            until: { log.tally.landed >= needed })
        let tally = log.tally
        let power = CheckPower(
            event: "cancels landed between hand-off and body start", landed: tally.landed, attempts: tally.attempts,
            targetOneIn: targetOneIn)
        pass.note =
            "\(tally.landed) cancels landed between hand-off and body start (\(tally.late) after the body began, \(tally.attempts) cancels after add in \(log.graphs) graphs): \(power.floorText)"
        pass.power = power
        return pass
    }

    /// How much longer than its drawn delay an aimed cancel of `cancel.race` watches a ready
    /// operation for its hand-off.
    static let aimPatience: UInt64 = 1_000_000

    static func onceBody<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        let count = context.level.raceRepetitions * 2
        var shape = GraphSpec.Shape(size: count...count, edgeProbability: 0, maxSpinMicroseconds: 20)
        shape.asyncProbability = context.has(.asynchronousOperations) ? 0.3 : 0
        return try runRandom(type, context, shape: shape, options: Options(), iterations: 1)
    }

    /// Runs `iterations` random graphs (the level's by default), then more while `until` is
    /// given and false.
    private static func runRandom<Q: OperationQueueing>(
        _ type: Q.Type, _ context: ScenarioContext, shape: GraphSpec.Shape, options: Options, iterations: Int? = nil,
        until enough: (() -> Bool)? = nil
    ) throws -> ScenarioPass {
        var last: GraphSpec?
        let planned = iterations ?? context.level.iterations
        var iteration = 0
        // Power-seeking runs stop quietly once three quarters of the bound are gone (the rest is
        // the last graph's margin): their note says how far they got.
        let powerBudget = Deadline(after: context.timeBound * 3 / 4)
        while iteration < planned || (enough.map { !$0() } ?? false) {
            defer { iteration += 1 }
            if iteration >= planned && powerBudget.hasPassed { break }
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
        var aimed: Set<OperationID> = []
        var attempts = 0
        // Aimed cancels hold the hand-off open the way `once.cancel-race` does (see HandOffHold).
        let hold = HandOffHold(recording: h.recorder)
        if options.landings != nil && h.observed { queue.setStateObserver(hold) }
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
                hold.watch(options.landings != nil ? op.id : nil)
                try h.add(op, to: queue)
                guard options.landings != nil else {
                    MonotonicClock.spin(nanoseconds: delay)
                    op.cancel()
                    continue
                }
                // Aimed: the cancel goes the moment the operation is seen handed off, or at the
                // drawn point if that comes first and it waits on a dependency (a cancel while it
                // waits, as before). One that waits on none is watched up to ``aimPatience``
                // more: a parked worker, or a queue that admits adds asynchronously (the actor
                // queue's operations stay pending until its actor takes them), takes longer.
                let drawn = MonotonicClock.now() &+ delay
                let patient = drawn &+ aimPatience
                var handedOff = op.state == .executing
                var askedForDependencies = false
                while !handedOff {
                    let now = MonotonicClock.now()
                    if now >= patient { break }
                    if now >= drawn && !askedForDependencies {
                        askedForDependencies = true
                        if op.dependencies.contains(where: { !$0.isFinished }) { break }
                    }
                    handedOff = op.state == .executing
                }
                op.cancel()
                hold.cancelReturned(op.id)
                if handedOff { aimed.insert(op.id) }
                attempts += 1
            }
        }
        try h.waitForAll()
        try h.validate { expect in
            if options.checkWidth, let width = spec.width { expect.width = width }
        }
        if let log = options.landings {
            var tally = CancelLanding.classify(h.recorder.snapshot, aimed: aimed)
            tally.attempts = attempts
            log.add(tally)
        }
    }

    /// Greedy shrinking, as Lincheck minimises: keep the first smaller variant that still fails
    /// (tried twice, since failures are races), until none does or the budget runs out.
    private static func shrink<Q: OperationQueueing>(
        _ failing: GraphSpec, _ type: Q.Type, _ context: ScenarioContext, options: Options,
        firstFailure: (String, [Evidence])
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
        let header: [Evidence] = [
            .note(
                text:
                    "scenario (shrunk from \(failing.nodes.count) ops/\(failing.edges.count) edges after \(attempts) attempts): \(smallest)"
            )
        ]
        return .fail(failure.0, evidence: header + failure.1)
    }

    private static func failureOf<Q: OperationQueueing>(
        _ spec: GraphSpec, _ type: Q.Type, _ context: ScenarioContext, options: Options, tries: Int
    ) -> (String, [Evidence])? {
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

extension Check {
    static let stateExclusivity = Check(
        id: "state.exclusivity",
        summary: "states move forward only, never two at once (trace and a sampling thread)",
        sight: CheckSight(
            sees:
                "forward-only transitions per operation, delivered in the order made; a sampler thread reading `state` while the queue runs (two states at once, a step back)",
            cannotSee:
                "a step back that lasts less than the sampler's period (the trace still catches it if reported)"),
        requirements: [.dependencies],
        run: { queue, context in try GraphScenarios.stateExclusivity(queue, context) })

    static let cancelRace = Check(
        id: "cancel.race",
        summary:
            "cancels at random points of random graphs, aimed at the hand-off until 30 / 300 / 2,996 landed: at most once, always finishes",
        sight: CheckSight(
            sees:
                "cancels aimed at the hand-off over random graphs, counted when they landed; at most one body, one finish",
            cannotSee:
                "defects rarer than its stated floor (its summary gives the landed count and the floor)"),
        requirements: [.cancellation, .dependencies],
        run: { queue, context in try GraphScenarios.cancelRace(queue, context) })

    static let depsRandomDAG = Check(
        id: "deps.random-dag",
        summary: "random DAGs from the seed, shrunk on failure",
        sight: .dependencyGraphs,
        requirements: [.dependencies],
        run: { queue, context in try GraphScenarios.randomDAG(queue, context) })

    static let onceBody = Check(
        id: "once.body",
        summary: "no body runs twice, under load",
        sight: .atMostOnceUnderLoad,
        requirements: [],
        run: { queue, context in try GraphScenarios.onceBody(queue, context) })
}
