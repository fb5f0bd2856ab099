import QueueLabCore

/// The order checks: each one promise alone (``OrderPromise``), judged at every start of a
/// width-1 queue against the reference model (see ``OrderRun``), one run per size boundary.
enum OrderScenarios {
    /// Ready backlogs each run grows past: small buffers, a typical heap or deque growth, 1 Ki.
    static func boundaries(_ level: ConformanceLevel) -> [Int] {
        switch level {
        case .quick: [70, 300]
        case .default: [70, 300, 1_100]
        case .stress: [70, 300, 1_100, 4_200]
        }
    }

    static func run<Q: OperationQueueing>(_ promise: OrderPromise, _ type: Q.Type, _ context: ScenarioContext) throws
        -> ScenarioPass
    {
        let relists = context.policy?.relistsOnPriorityChange ?? true
        var peaks: [Int] = []
        for boundary in boundaries(context.level) {
            // On a loaded machine, stop starting runs once half the bound is gone (never a false STALE).
            guard !context.halfTimeBoundGone || peaks.isEmpty else { break }
            try context.iterate(type, times: 1) { h in
                var run = OrderRun(h, promise: promise, relists: relists, boundary: boundary)
                try run.run()
                peaks.append(run.peakReady)
            }
        }
        return ScenarioPass(
            "\(promise.rawValue) held at every start; ready backlogs peaked at \(peaks.map(String.init).joined(separator: ", "))"
        )
    }
}

// Each promise alone, whatever else the policy promises.
extension Check {
    static let orderStrictPriority = Check(
        id: "order.strict-priority",
        summary:
            "width 1, work arriving while it runs, backlogs past 70/300/1,100: every start is of the highest ready level",
        sight: .eachOrderPromise,
        requirements: [.priorities, .width, .dependencies, .crossQueueDependencies],
        promises: PromiseRequirement([.strictPriority]),
        run: { queue, context in try OrderScenarios.run(.strictPriority, queue, context) })

    static let orderFIFOWithinLevel = Check(
        id: "order.fifo-within-level",
        summary:
            "width 1, work arriving while it runs: every start is the earliest-listed ready operation of its level",
        sight: .eachOrderPromise,
        requirements: [.priorities, .width, .dependencies, .crossQueueDependencies],
        promises: PromiseRequirement([.fifoWithinLevel]),
        run: { queue, context in try OrderScenarios.run(.fifoWithinLevel, queue, context) })

    static let orderLIFOWithinLevel = Check(
        id: "order.lifo-within-level",
        summary: "width 1, work arriving while it runs: every start is the latest-listed ready operation of its level",
        sight: .eachOrderPromise,
        requirements: [.priorities, .width, .dependencies, .crossQueueDependencies],
        promises: PromiseRequirement([.lifoWithinLevel]),
        run: { queue, context in try OrderScenarios.run(.lifoWithinLevel, queue, context) })

    static let orderReadyOrder = Check(
        id: "order.ready-order",
        summary: "width 1, work arriving while it runs: every start is the earliest-listed ready operation of all",
        sight: .eachOrderPromise,
        requirements: [.priorities, .width, .dependencies, .crossQueueDependencies],
        promises: PromiseRequirement([.readyOrder]),
        run: { queue, context in try OrderScenarios.run(.readyOrder, queue, context) })
}
