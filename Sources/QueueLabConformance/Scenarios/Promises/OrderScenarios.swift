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
