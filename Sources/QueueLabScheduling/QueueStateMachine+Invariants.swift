import QueueLabCore

extension QueueStateMachine {
    /// The invariants every transition keeps, each broken one as a sentence naming its counters;
    /// empty when all hold. Debug builds (tests, ThreadSanitizer runs) check them after every
    /// public transition (``assertInvariants()``); release builds never do, so the hot path pays
    /// nothing.
    ///
    /// The worker counters: a parked worker is counted in `idleWorkers` until it wakes, a signal
    /// sent and not yet consumed in `wakeTokens`, a looking worker in `spinningWorkers`, a nudge
    /// not yet consumed in `nudgeTokens`; each of those stands for a live worker, so together they
    /// never exceed `workers`.
    public func invariantViolations() -> [String] {
        var broken: [String] = []
        for (name, value) in [
            ("readyCount", readyCount), ("executing", executing), ("workers", workers), ("idleWorkers", idleWorkers),
            ("wakeTokens", wakeTokens), ("spinningWorkers", spinningWorkers), ("nudgeTokens", nudgeTokens),
            ("admissions", admissions),
        ] where value < 0 {
            broken.append("\(name) is \(value), below 0")
        }
        let accounted = idleWorkers + wakeTokens + spinningWorkers + nudgeTokens
        if accounted > workers {
            broken.append(
                "parked, signalled, spinning and nudged workers (\(idleWorkers) + \(wakeTokens) + \(spinningWorkers) + \(nudgeTokens)) exceed the \(workers) alive"
            )
        }
        if maxConcurrentOperationCount < 1 && maxConcurrentOperationCount != defaultMaxConcurrentOperationCount {
            broken.append("the width is \(maxConcurrentOperationCount), neither at least 1 nor the default")
        }
        return broken + slot.invariantViolations()
    }

    /// Whether every invariant holds, without allocating: the check a debug build makes after every
    /// transition (an allocating one changed the allocation counts debug builds measure).
    public var invariantsHold: Bool {
        readyCount >= 0 && executing >= 0 && workers >= 0 && idleWorkers >= 0 && wakeTokens >= 0
            && spinningWorkers >= 0 && nudgeTokens >= 0 && admissions >= 0
            && idleWorkers + wakeTokens + spinningWorkers + nudgeTokens <= workers
            && (maxConcurrentOperationCount >= 1 || maxConcurrentOperationCount == defaultMaxConcurrentOperationCount)
            && slot.invariantsHold
    }

    /// Traps, in debug builds only, when a transition broke an invariant, naming it.
    @inline(__always)
    func assertInvariants() {
        #if DEBUG
            if !invariantsHold {
                assertionFailure("QueueStateMachine: \(invariantViolations().joined(separator: "; "))")
            }
        #endif
    }
}
