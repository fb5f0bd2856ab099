import QueueLabCore

/// Delta debugging over a failing program's calls: drops chunks, then single calls, then
/// simplifies values, keeping each change while the program still breaks the same clause. A call
/// whose precondition no longer holds (its operation was never made) is skipped on replay, so every
/// candidate is a valid program. Bounded by a time budget and a number of reruns.
struct ProgramShrinker<Q: OperationQueueing> {
    let context: ScenarioContext
    let quiet: Duration
    /// Under 30 s at `default` and above; a few seconds at `quick`, which `swift test` runs.
    private let budget: Duration
    private let maximumRuns = 400

    init(context: ScenarioContext, quiet: Duration) {
        self.context = context
        self.quiet = quiet
        budget = context.level == .quick ? .seconds(3) : .seconds(25)
    }

    func shrink(_ failure: ModelScenario.Failure) -> ModelScenario.Failure {
        let end = Deadline(after: budget)
        var best = failure
        var runs = 0
        func attempt(_ calls: [ModelCall], widths: [Int]) -> Bool {
            guard runs < maximumRuns, !end.hasPassed else { return false }
            runs += 1
            guard let replayed = replay(calls, widths: widths), replayed.violation.clause == failure.violation.clause
            else { return false }
            best = replayed
            return true
        }
        var chunk = max(1, best.calls.count / 2)
        while chunk >= 1 && !end.hasPassed && runs < maximumRuns {
            var start = 0
            var removedAny = false
            while start < best.calls.count {
                var candidate = best.calls
                candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                if attempt(candidate, widths: best.widths) {
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny { chunk /= 2 }
        }
        // Fewer queues: every call moved to the first queue.
        if best.widths.count > 1 {
            let merged = best.calls.map { Self.onFirstQueue($0) }
            _ = attempt(merged, widths: [best.widths.max() ?? 1])
        }
        // Simpler values: normal priority everywhere.
        let plain = best.calls.map { call -> ModelCall in
            if case .make(let op, let kind, _) = call {
                return .make(op: op, kind: kind, level: QueuePriority.normal.level)
            }
            return call
        }
        if plain != best.calls { _ = attempt(plain, widths: best.widths) }
        return best
    }

    /// Runs `calls` on fresh queues; the failure it ends in, or nil when it passes.
    private func replay(_ calls: [ModelCall], widths: [Int]) -> ModelScenario.Failure? {
        let runner = ProgramRunner<Q>(context, widths: widths, quiet: quiet)
        do throws(ModelViolation) {
            for call in calls { _ = try runner.make(call) }
            try runner.finish()
            return nil
        } catch {
            return ModelScenario.Failure(widths: widths, calls: runner.made, violation: error)
        }
    }

    private static func onFirstQueue(_ call: ModelCall) -> ModelCall {
        switch call {
        case .add(let op, _): .add(op: op, queue: 0)
        case .addBatch(let ops, _, let wait): .addBatch(ops: ops, queue: 0, wait: wait)
        case .cancelAll: .cancelAll(queue: 0)
        case .setWidth(_, let width): .setWidth(queue: 0, width: width)
        case .setSuspended(_, let suspended): .setSuspended(queue: 0, suspended: suspended)
        case .addBarrier(let op, _): .addBarrier(op: op, queue: 0)
        case .waitQueue(_, let bounded): .waitQueue(queue: 0, bounded: bounded)
        case .read: .read(queue: 0)
        case .dropQueue: .read(queue: 0)
        default: call
        }
    }
}
