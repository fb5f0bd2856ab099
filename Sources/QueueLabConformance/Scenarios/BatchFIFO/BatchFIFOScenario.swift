import QueueLabCore

/// FIFO within a level must survive dependency edges. A batch is added to a suspended serial
/// queue; members with edges (to finished operations outside it, to other members, awaited by an
/// operation outside it) must not move behind edge-free members of their level: after resume, the
/// members ready then start by priority, then in the order added, whatever edges they have.
/// Members that become ready during the run (their member dependencies finished) are checked only
/// for their dependencies: the promises order operations by when they became ready.
enum BatchFIFOScenario {
    /// The priority mixes of one iteration: each level alone, then a random mix from the seed.
    private static func mixes(_ rng: inout SplitMix64, size: Int) -> [(String, [QueuePriority])] {
        let levels = QueuePriority.allCases.map { level in ("all \(level)", Array(repeating: level, count: size)) }
        let random = (0..<size).map { _ in QueuePriority.allCases.randomElement(using: &rng) ?? .normal }
        return levels + [("random levels", random)]
    }

    static func run<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        guard let withinLevel = PromisedOrder.withinLevel(context.promises) else {
            throw ScenarioAbort.unsupported("the promises (\(context.promises)) fix no order within a level")
        }
        let acrossLevels = PromisedOrder(context.promises)
        var batches = 0
        var first = true
        try context.iterate(type) { h in
            var shapes: [(String, BatchShape)] = []
            if first {
                // The reported defect first: [Y, f0...f4], something depends on Y.
                shapes.append(("reported, dependent outside", .reported(.normal, dependentInBatch: false)))
                shapes.append(("reported, dependent inside", .reported(.normal, dependentInBatch: true)))
                first = false
            }
            let size = context.rng.int(in: 6...12)
            for (mix, priorities) in mixes(&context.rng, size: size) {
                shapes.append((mix, .random(priorities, using: &context.rng)))
            }
            for (mix, shape) in shapes {
                // The order across levels serves one level too, and under inheritance a batch of
                // one level is not: what waits for a member lends it its priority.
                let oneLevel = Set(shape.priorities).count == 1
                guard let promised = acrossLevels ?? (oneLevel ? withinLevel : nil) else { continue }
                try runBatch(shape, mix: mix, promised: promised, h)
                batches += 1
            }
        }
        let order =
            acrossLevels?.description ?? "\(withinLevel) (one level only: the promises fix no order across levels)"
        return ScenarioPass("\(batches) batches with edges: \(order)")
    }

    private static func runBatch<Q: OperationQueueing>(
        _ shape: BatchShape, mix: String, promised: PromisedOrder, _ h: Harness<Q>
    ) throws {
        let context = h.context
        context.currentPhase = "batch (\(mix)): \(shape)"
        let serial = h.makeQueue("serial.\(h.allOperations.count)", width: 1)
        let outside = h.makeQueue("outside.\(h.allOperations.count)", width: -1)
        let started = StartLog<Int>()
        let members = shape.priorities.enumerated().map { index, priority in
            h.makeOperation("m\(index)", priority: priority) { _ in started.append(index) }
        }
        serial.isSuspended = true
        outside.isSuspended = true
        let helpers = h.makeQueue("helpers.\(h.allOperations.count)", width: -1)
        var awaiting: [Q.Operation] = []
        for (index, edges) in shape.edges.enumerated() {
            for edge in edges {
                switch edge {
                case .onFinished:
                    let done = h.makeOperation("done.m\(index)")
                    try h.add(done, to: helpers)
                    try h.waitForFinish(done)
                    try h.depend(members[index], on: done)
                case .onSinceFinished:
                    let gate = h.makeGate()
                    let deadline = h.deadline
                    let later = h.makeOperation("later.m\(index)") { _ in gate.wait(until: deadline) }
                    try h.add(later, to: helpers)
                    try h.depend(members[index], on: later)
                    gate.open()
                    try h.waitForFinish(later)
                    // A queue may release the dependents of a finished operation a moment after
                    // it reads finished (QueueLab's own do it in the follow-up that also runs
                    // the completion handler): the member must be ready when the batch is added,
                    // so that "became ready" and "added" give the same order.
                    try awaitCompletion(of: later, h)
                case .awaitedOutside:
                    let dependent = h.makeOperation("awaits.m\(index)", priority: .veryHigh)
                    try h.depend(dependent, on: members[index])
                    awaiting.append(dependent)
                case .onMember(let other):
                    try h.depend(members[index], on: members[other])
                }
            }
        }
        try h.add(awaiting, to: outside)
        try h.addBatch(members, to: serial)
        // Effective priorities: with inheritance a member runs at the highest priority of what waits for it.
        let inherits = context.promises.contains(.priorityInheritance)
        let ready = shape.readyAtResume
        let effective = ready.map { index -> QueuePriority in
            guard inherits else { return shape.priorities[index] }
            var waiters = shape.dependents(of: index).map { shape.priorities[$0] }
            if shape.dependents(of: index).contains(where: { shape.edges[$0].contains(.awaitedOutside) })
                || shape.edges[index].contains(.awaitedOutside)
            {
                waiters.append(.veryHigh)
            }
            return ([shape.priorities[index]] + waiters).max() ?? shape.priorities[index]
        }
        let expected = promised.expected(effective).map { ready[$0] }
        serial.isSuspended = false
        for member in members { try h.waitForFinish(member) }
        outside.isSuspended = false
        try h.waitForAll("the operations outside the batch (\(mix))")
        let readySet = Set(ready)
        let observed = started.snapshot.filter { readySet.contains($0) }
        try context.require(
            observed == expected,
            "batch (\(mix)) on a suspended serial queue, resumed: the members ready at resume started \(names(observed)), not \(names(expected)) (\(promised)); a member's dependency edges must not move it within its level",
            evidence: [.note(text: "batch: \(shape)")] + h.excerpt(for: members.map(\.id)))
        // No width expectation: it would cover the other queues' operations too.
        try h.validate()
    }

    private static func awaitCompletion<Q: OperationQueueing>(of op: Q.Operation, _ h: Harness<Q>) throws {
        let missing = h.recorder.waitForCompletions(of: [op.id], deadline: h.deadline.nanoseconds)
        guard missing.isEmpty else {
            throw ScenarioAbort.stale(
                "\(op.label) finished but its completion handler never ran: \(h.context.stallDescription)",
                evidence: h.excerpt(for: [op.id]))
        }
    }

    private static func names(_ indices: [Int]) -> String { indices.map { "m\($0)" }.joined(separator: " ") }
}

extension Check {
    // One level needs an order within it; a mix of levels is checked only when strict
    // priority or ready order fixes the order across them (see `BatchFIFOScenario`).
    static let batchFIFO = Check(
        id: "batch.fifo",
        summary:
            "batches with dependency edges on a suspended serial queue, at every priority mix: the ready members start by priority, then in the order added",
        sight: CheckSight(
            sees:
                "a batch added to a suspended serial queue: members with edges do not move behind edge-free members of their level; members made ready later, only their dependencies",
            cannotSee:
                "the order of members that became ready during the run (the promises order by readiness, which the check does not time)"
        ),
        requirements: [.priorities, .width, .suspension, .dependencies],
        promises: PromiseRequirement([.fifoWithinLevel, .lifoWithinLevel]),
        run: { queue, context in try BatchFIFOScenario.run(queue, context) })
}
