import QueueLabCore

/// `order.longest-chain`: within a level, the longest chain of waiting operations first (capped at
/// the declared rank cap), then the one listed first (see ``ChainRankRun``).
enum ChainRankScenario {
    static func backlogs(_ level: ConformanceLevel) -> [Int] {
        switch level {
        case .quick: [20]
        case .default: [20, 70]
        case .stress: [20, 70, 300]
        }
    }

    static func run<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        guard let cap = context.policy?.rankCap, cap > 0 else {
            throw ScenarioAbort.unsupported("the policy promises longest-chain-first but declares no rank cap")
        }
        var runs = 0
        for backlog in backlogs(context.level) {
            guard !context.halfTimeBoundGone || runs == 0 else { break }
            try context.iterate(type, times: 1) { h in
                var run = ChainRankRun(h, cap: cap, backlog: backlog)
                try run.run()
                runs += 1
            }
        }
        return ScenarioPass("longest chain first (cap \(cap)) at every start, \(runs) runs")
    }
}

extension Check {
    static let orderLongestChain = Check(
        id: "order.longest-chain",
        summary:
            "width 1, chains of waiting operations (some past the cap) built and grown while it runs: within a level, the longest chain first",
        sight: CheckSight(
            sees:
                "within a level, the longest chain of waiting operations first (up to the declared rank cap), then the one listed first",
            cannotSee:
                "chains longer than the rank cap, which the promise does not order"),
        requirements: [.priorities, .width, .suspension, .dependencies, .cancellation, .crossQueueDependencies],
        promises: PromiseRequirement([.longestChainFirst]),
        run: { queue, context in try ChainRankScenario.run(queue, context) })
}
