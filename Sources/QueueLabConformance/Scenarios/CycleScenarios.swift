import QueueLabCore

/// Dependency cycles. PASS one of two ways, and the summary says which: the cycle is rejected
/// with an error (naming its members), or, Foundation's behaviour, the members never run, every
/// operation outside the cycle still completes, and cancelling one member releases the rest.
enum CycleScenarios {
    enum Shape: String {
        case selfLoop = "self"
        case two, three, inDAG, crossQueue
    }

    static func run<Q: OperationQueueing>(_ shape: Shape, _ type: Q.Type, _ context: ScenarioContext) throws
        -> ScenarioPass
    {
        var verdict = ""
        try context.iterate(type, times: 1) { h in verdict = try runOnce(shape, h, context) }
        return ScenarioPass(verdict)
    }

    private static func runOnce<Q: OperationQueueing>(_ shape: Shape, _ h: Harness<Q>, _ context: ScenarioContext)
        throws -> String
    {
        let first = h.makeQueue("q1", width: 3)
        let second = shape == .crossQueue ? h.makeQueue("q2", width: 2) : first
        let memberCount =
            switch shape {
            case .selfLoop: 1
            case .two, .crossQueue: 2
            case .three, .inDAG: 3
            }
        let members = (0..<memberCount).map { h.makeOperation("m\($0)") }
        // Outside the cycle: independent work, and (in a DAG) a root the cycle hangs from and a
        // downstream operation that cannot run until the cycle is released.
        let outsiders = (0..<3).map { h.makeOperation("free\($0)") }
        var root: Q.Operation?
        var downstream: Q.Operation?
        if shape == .inDAG {
            let r = h.makeOperation("root")
            let d = h.makeOperation("downstream")
            try h.depend(members[0], on: r)
            try h.depend(outsiders[2], on: r)
            try h.depend(d, on: members[2])
            root = r
            downstream = d
        }
        var rejection: QueueError?
        do {
            // Each member waits for the next; the last edge closes the cycle.
            for index in members.indices {
                try h.depend(members[index], on: members[(index + 1) % members.count])
            }
        } catch {
            rejection = error
        }
        let queueOf: (Int) -> Q = { index in index % 2 == 0 ? first : second }
        do {
            for (index, member) in members.enumerated() { try h.add(member, to: queueOf(index)) }
        } catch let error as QueueError where rejection == nil {
            rejection = error
        }
        try h.add(outsiders, to: first)
        if let root { try h.add(root, to: first) }
        if let downstream { try h.add(downstream, to: second) }

        if let rejection {
            if case .dependencyCycle(let named) = rejection {
                let expected = Set(members.map(\.id))
                try context.require(
                    Set(named.map(\.id)) == expected,
                    "the cycle was rejected but the error names \(named.map(\.description)), not its members \(members.map { $0.label.description })"
                )
            }
            try h.waitForAll("the operations around the rejected cycle")
            try h.validate()
            return "rejected: \(rejection)"
        }

        for op in outsiders + (root.map { [$0] } ?? []) {
            try h.waitForFinish(op, "\(op.label), outside the cycle, never finished: the cycle blocked other work")
        }
        for member in members {
            let runs = h.recorder.bodyStarts(of: member.id)
            try context.require(
                runs == 0, "cycle member \(member.label) ran although its dependencies never finished",
                evidence: h.excerpt(for: members.map(\.id)))
            try context.require(
                !member.isFinished, "cycle member \(member.label) finished without being cancelled",
                evidence: h.excerpt(for: members.map(\.id)))
        }
        members[0].cancel()
        h.expect(members[0], runs: .mustNot)
        try h.waitForAll("the cycle after cancelling \(members[0].label)")
        try h.validate()
        return "deadlock (Foundation behaviour): members never ran, others completed, cancel released"
    }
}

extension Check {
    static let cycleSelf = Check(
        id: "cycle.self",
        summary: "self-dependency: rejected, or never runs and cancel releases",
        sight: .cycles,
        requirements: [.dependencies, .cancellation],
        run: { queue, context in try CycleScenarios.run(.selfLoop, queue, context) })

    static let cycleTwo = Check(
        id: "cycle.two",
        summary: "2-cycle: rejected, or deadlock that leaves other work running",
        sight: .cycles,
        requirements: [.dependencies, .cancellation],
        run: { queue, context in try CycleScenarios.run(.two, queue, context) })

    static let cycleThree = Check(
        id: "cycle.three",
        summary: "3-cycle: rejected, or deadlock that leaves other work running",
        sight: .cycles,
        requirements: [.dependencies, .cancellation],
        run: { queue, context in try CycleScenarios.run(.three, queue, context) })

    static let cycleInDAG = Check(
        id: "cycle.in-dag",
        summary: "a cycle inside a larger DAG",
        sight: .cycles,
        requirements: [.dependencies, .cancellation],
        run: { queue, context in try CycleScenarios.run(.inDAG, queue, context) })

    static let cycleCrossQueue = Check(
        id: "cycle.cross-queue",
        summary: "a cycle across two queues",
        sight: .acrossTwoQueues,
        requirements: [.dependencies, .cancellation, .crossQueueDependencies],
        run: { queue, context in try CycleScenarios.run(.crossQueue, queue, context) })
}
