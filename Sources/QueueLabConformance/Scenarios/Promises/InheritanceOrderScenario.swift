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
