import QueueLabCore

/// `order.inheritance`: every start of a width-1 queue is of the highest *effective* level ready,
/// while inversions arrive between starts (see ``InheritanceRun``), one run per backlog size.
enum InheritanceOrderScenario {
    static func backlogs(_ level: ConformanceLevel) -> [Int] {
        switch level {
        case .quick: [20, 70]
        case .default: [20, 70, 300]
        case .stress: [20, 70, 300, 1_100]
        }
    }

    static func run<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        var raised: [Int] = []
        for backlog in backlogs(context.level) {
            guard !context.halfTimeBoundGone || raised.isEmpty else { break }
            try context.iterate(type, times: 1) { h in
                var run = InheritanceRun(h, backlog: backlog)
                try run.run()
                raised.append(run.raisedStarts)
            }
        }
        return ScenarioPass(
            "every start of the highest effective level; started at an inherited level: \(raised.map(String.init).joined(separator: ", ")) per run"
        )
    }
}

extension Check {
    // Inheritance changes which level an operation is ordered at: strict priority makes it seen.
    static let orderInheritance = Check(
        id: "order.inheritance",
        summary:
            "width 1, inversions arriving while it runs (chains 1-3 deep, same queue and across queues, raises, cancels): every start of the highest effective level",
        sight: CheckSight(
            sees:
                "every start of a width-1 queue is of the highest *effective* level ready, while inversions arrive between starts",
            cannotSee:
                "inheritance under a policy without strict priority, where no order shows the inherited level"),
        requirements: [.priorities, .width, .suspension, .dependencies, .cancellation, .crossQueueDependencies],
        promises: PromiseRequirement([[.priorityInheritance, .strictPriority]]),
        run: { queue, context in try InheritanceOrderScenario.run(queue, context) })
}
