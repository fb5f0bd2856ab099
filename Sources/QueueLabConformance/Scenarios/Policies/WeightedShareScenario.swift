import QueueLabCore

/// `priority.weighted-share`: at width 1, with every level continually ready, each level's share
/// of the starts matches its weight.
///
/// Deterministic, not timed: the queue is suspended, filled with `window` operations of every
/// level (interleaved, so add order favours none), and resumed. Whatever the policy picks, no
/// level runs dry within the first `window` starts, so all five are ready throughout, and the
/// start order depends on the policy alone. The first body past the window cancels the rest.
///
/// Tolerance: each level's share of the first `window` starts within 5 percentage points of
/// `weight / sum(weights)`. Stride scheduling is within one start of its share; a randomised
/// (lottery) policy has a standard deviation of at most 0.5 / √window, 1.1 points at the default
/// window of 2,000, so 5 points is over four deviations.
enum WeightedShareScenario {
    static let tolerance = 0.05

    static func window(_ level: ConformanceLevel) -> Int {
        switch level {
        case .quick: 1_000
        case .default: 2_000
        case .stress: 5_000
        }
    }

    static func run<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        let levels = QueuePriority.allCases
        guard let weights = context.policy?.shareWeights, weights.count == levels.count,
            weights.allSatisfy({ $0 > 0 })
        else {
            throw ScenarioAbort.unsupported(
                "the policy promises weighted-shares but declares no five positive weights (veryLow to veryHigh)")
        }
        let window = window(context.level)
        let total = Double(weights.reduce(0, +))
        let expected = weights.map { Double($0) / total }
        var worst = 0.0
        try context.iterate(type, times: context.level == .stress ? 3 : 1) { h in
            let measured = try shares(h, window: window)
            let deviations = zip(measured, expected).map { abs($0 - $1) }
            worst = max(worst, deviations.max() ?? 0)
            let lines = levels.indices.map { index in
                Evidence.note(
                    text:
                        "\(levels[index]): weight \(weights[index]), expected \(percent(expected[index])), measured \(percent(measured[index]))"
                )
            }
            try context.require(
                deviations.allSatisfy { $0 <= tolerance },
                "start shares over the first \(window) starts at width 1, every level ready, are off the weights \(weights.map(String.init).joined(separator: ":")) by up to \(percent(deviations.max() ?? 0)) (tolerance \(percent(tolerance)))",
                evidence: lines)
            // Absolute points let a light level starve (veryLow's 3.2 % is under 5 points): each
            // level's count is also held to its own expectation (see ``ShareTolerance``).
            let counts = measured.map { Int(($0 * Double(window)).rounded()) }
            let misses = ShareTolerance.misses(counts: counts, weights: weights)
            try context.require(
                misses.isEmpty,
                "start counts over the first \(window) starts are off the weights relative to each level's expectation: \(misses.joined(separator: "; "))",
                evidence: lines)
        }
        return ScenarioPass(
            "shares within \(percent(worst)) of the weights \(weights.map(String.init).joined(separator: ":")) over \(window) starts"
        )
    }

    /// Each level's share of the first `window` starts.
    private static func shares<Q: OperationQueueing>(_ h: Harness<Q>, window: Int) throws -> [Double] {
        let context = h.context
        let queue = h.makeQueue("weighted", width: 1)
        queue.isSuspended = true
        let started = StartLog<Int>()
        let progress = context.progress
        var ops: [Q.Operation] = []
        ops.reserveCapacity(window * QueuePriority.allCases.count)
        for round in 0..<window {
            for priority in QueuePriority.allCases {
                ops.append(
                    Q.Operation(
                        name: "w\(round)-\(priority)", priority: priority,
                        // Weakly: an operation must not keep the queue alive.
                        body: .synchronous { [weak queue] _ in
                            progress.note()
                            // The window is full: what is left need not run.
                            if started.append(priority.level) == window { queue?.cancelAllOperations() }
                        }))
            }
        }
        context.currentPhase = "adding \(ops.count) operations to the suspended queue"
        try queue.addOperations(ops, waitUntilFinished: false)
        context.progress.note()
        queue.isSuspended = false
        try h.waitForAll("the weighted run")
        let order = started.snapshot.prefix(window)
        try context.require(order.count == window, "only \(order.count) of \(window) operations ran")
        var counts = Array(repeating: 0, count: QueuePriority.allCases.count)
        for level in order { counts[level] += 1 }
        return counts.map { Double($0) / Double(window) }
    }

    private static func percent(_ share: Double) -> String {
        let tenths = (share * 1_000).rounded()
        return "\(Int(tenths) / 10).\(Int(tenths) % 10) %"
    }
}

extension Check {
    static let priorityWeightedShare = Check(
        id: "priority.weighted-share",
        summary: "width 1, every level ready: starts per level match the policy's weights",
        sight: CheckSight(
            sees:
                "each level's share of starts against its own expected count, one suspended burst",
            cannotSee:
                "shares while work arrives (`order.weighted-shares` sees that)"),
        requirements: [.priorities, .width, .suspension],
        promises: PromiseRequirement([.weightedShares]),
        run: { queue, context in try WeightedShareScenario.run(queue, context) })
}
