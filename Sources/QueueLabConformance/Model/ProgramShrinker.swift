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
        budget = context.shrinkBudget ?? (context.level == .quick ? .seconds(3) : .seconds(25))
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
        // Whole operations first, newest first: each with every call that names it.
        var op = best.calls.count { $0.makesOperation } - 1
        while op >= 0 && !end.hasPassed && runs < maximumRuns {
            let removed = op
            _ = attempt(Self.program(best.calls, keeping: { $0 != removed }), widths: best.widths)
            op -= 1
        }
        var chunk = max(1, best.calls.count / 2)
        while chunk >= 1 && !end.hasPassed && runs < maximumRuns {
            var start = 0
            var removedAny = false
            while start < best.calls.count {
                var candidate = best.calls
                candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                if attempt(Self.program(candidate, keeping: { _ in true }), widths: best.widths) {
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

    /// `calls` without the operations `keeping` rejects, nor those whose making call is gone,
    /// nor any call that names one of them; the others renumbered in the order made, so that
    /// every remaining call still applies.
    private static func program(_ calls: [ModelCall], keeping: (Int) -> Bool) -> [ModelCall] {
        var numbers: [Int: Int] = [:]
        for call in calls where call.makesOperation {
            if let op = call.operations.first, keeping(op) { numbers[op] = numbers.count }
        }
        return calls.compactMap { $0.renumbered { numbers[$0] } }
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
