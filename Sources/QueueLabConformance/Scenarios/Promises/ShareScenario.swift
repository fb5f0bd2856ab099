import QueueLabCore

/// `order.weighted-shares`: each level's count of starts against its declared weight, with the
/// relative tolerance of ``ShareTolerance``, over runs whose every pick sees all five levels busy
/// (``ShareRun``), one run per backlog floor.
enum ShareScenario {
    static func floors(_ level: ConformanceLevel) -> [Int] {
        switch level {
        case .quick: [8, 70]
        case .default: [8, 70, 300]
        case .stress: [8, 70, 300, 1_100]
        }
    }

    static func window(_ level: ConformanceLevel) -> Int {
        switch level {
        case .quick: 1_000
        case .default: 2_000
        case .stress: 5_000
        }
    }

    static func run<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        guard let weights = context.policy?.shareWeights, weights.count == 5, weights.allSatisfy({ $0 > 0 }) else {
            throw ScenarioAbort.unsupported(
                "the policy promises weighted-shares but declares no five positive weights (veryLow to veryHigh)")
        }
        let window = window(context.level)
        var runs: [String] = []
        for floor in floors(context.level) {
            guard !context.halfTimeBoundGone || runs.isEmpty else { break }
            try context.iterate(type, times: 1) { h in
                var run = ShareRun(h, floor: floor, window: window)
                try run.run()
                let misses = ShareTolerance.misses(counts: run.counts, weights: weights)
                try context.require(
                    misses.isEmpty,
                    "weighted shares broken with every level busy (at least \(floor) ready each): \(misses.joined(separator: "; "))",
                    evidence: [
                        .note(
                            text:
                                "starts per level, veryLow to veryHigh: \(run.counts.map(String.init).joined(separator: ", ")) of \(run.counts.reduce(0, +))"
                        ),
                        .note(
                            text:
                                "weights \(weights.map(String.init).joined(separator: ":")); tolerance 4.5·√(expected·(1−share)) + 2 per level"
                        ),
                    ])
                runs.append(run.counts.map(String.init).joined(separator: "/"))
            }
        }
        return ScenarioPass("starts per level within the tolerance of the weights: \(runs.joined(separator: ", "))")
    }
}

extension Check {
    static let orderWeightedShares = Check(
        id: "order.weighted-shares",
        summary:
            "width 1, all five levels kept busy while work arrives: each level's starts within a relative tolerance of its weight",
        sight: CheckSight(
            sees:
                "each level's count of starts against its declared weight, within its relative tolerance, over runs whose every pick sees all five levels busy",
            cannotSee:
                "shares when only some levels have work (`model.policy` generates those backlogs)"),
        requirements: [.priorities, .width, .dependencies, .crossQueueDependencies],
        promises: PromiseRequirement([.weightedShares]),
        run: { queue, context in try ShareScenario.run(queue, context) })
}
