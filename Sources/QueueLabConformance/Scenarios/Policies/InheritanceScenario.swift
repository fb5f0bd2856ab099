import QueueLabCore

/// `priority.inheritance`: at width 1, a `veryHigh` operation that waits for a `veryLow` one, behind
/// a backlog of `normal` work. Under a policy that promises inheritance the `veryLow` dependency
/// starts before the backlog (it runs at the priority of what waits for it), and once the
/// `veryHigh` dependent is cancelled it drops back behind the backlog.
///
/// Deterministic: the queue is suspended while everything is added (and the dependent cancelled),
/// then resumed at width 1, so the start order depends on the policy alone.
enum InheritanceScenario {
    static func backlog(_ level: ConformanceLevel) -> Int {
        switch level {
        case .quick: 8
        case .default: 64
        case .stress: 512
        }
    }

    static func run<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        let count = backlog(context.level)
        try context.iterate(type, times: 1) { h in
            let order = try starts(h, backlog: count, cancelDependent: false)
            let position = order.firstIndex(of: "P") ?? order.count
            try context.require(
                position == 0 && order.dropFirst().first == "D",
                "the veryLow operation a veryHigh one waits for started at position \(position) of \(order.count), not first",
                evidence: [.note(text: "start order: \(summary(order))")])
        }
        try context.iterate(type, times: 1) { h in
            let order = try starts(h, backlog: count, cancelDependent: true)
            try context.require(
                order.last == "P" && order.count == count + 1,
                "after its veryHigh dependent was cancelled, the veryLow operation still ran before the normal backlog",
                evidence: [.note(text: "start order: \(summary(order))")])
        }
        return ScenarioPass("veryLow dependency started first, then D, then \(count) normal; after the cancel, last")
    }

    /// Names of the bodies in the order they started: `b0`..., `P` (veryLow), `D` (veryHigh, waits for P).
    private static func starts<Q: OperationQueueing>(_ h: Harness<Q>, backlog: Int, cancelDependent: Bool) throws
        -> [String]
    {
        let queue = h.makeQueue("inheritance", width: 1)
        queue.isSuspended = true
        let started = StartLog<String>()
        let progress = h.context.progress
        func operation(_ name: String, _ priority: QueuePriority) -> Q.Operation {
            Q.Operation(
                name: name, priority: priority,
                body: .synchronous { _ in
                    progress.note()
                    _ = started.append(name)
                })
        }
        h.context.currentPhase = "adding a backlog of \(backlog) normal operations and an inversion"
        try queue.addOperations((0..<backlog).map { operation("b\($0)", .normal) }, waitUntilFinished: false)
        let low = operation("P", .veryLow)
        let high = operation("D", .veryHigh)
        try high.addDependency(low)
        try queue.addOperations([low, high], waitUntilFinished: false)
        if cancelDependent { high.cancel() }
        queue.isSuspended = false
        try h.waitForAll("the inversion run")
        return started.snapshot
    }

    private static func summary(_ order: [String]) -> String {
        order.count <= 12
            ? order.joined(separator: " ") : (order.prefix(6) + ["..."] + order.suffix(4)).joined(separator: " ")
    }
}

extension Check {
    static let priorityInheritance = Check(
        id: "priority.inheritance",
        summary:
            "width 1: a veryLow operation a veryHigh one waits for runs before a normal backlog, and drops back when the dependent is cancelled",
        sight: CheckSight(
            sees:
                "a `veryLow` dependency of a `veryHigh` operation runs before a `normal` backlog, and falls back when the dependent is cancelled",
            cannotSee:
                "inheritance through more than one level of edges, or across queues, unless the `order.*` checks build it"
        ),
        requirements: [.priorities, .width, .suspension, .dependencies, .cancellation],
        promises: PromiseRequirement([.priorityInheritance]),
        run: { queue, context in try InheritanceScenario.run(queue, context) })
}
