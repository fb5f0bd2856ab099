import QueueLabCore

extension QueueStateMachine {
    /// The invariants every transition keeps, each broken one as a sentence naming its counters;
    /// empty when all hold. Debug builds (tests, ThreadSanitizer runs) check the counters after
    /// every public transition and the policy slot when it is made (`assertInvariants()`);
    /// release builds never do, so the hot path pays nothing.
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

    /// Whether every invariant holds, without allocating.
    public var invariantsHold: Bool {
        var machine = self
        return machine.countersHold() && slot.invariantsHold
    }

    /// The counters' invariants: what a transition can break. The policy slot's kind is fixed when
    /// the machine is made and only the slot stores its policy, so the slot is checked once, when
    /// it is made (`PolicySlot.init`), not after every transition.
    ///
    /// `mutating`, and branches rather than `&&`, for the sake of debug builds, which run this
    /// after every transition: a non-mutating call copies the machine (retaining and releasing
    /// its policy's storage) and each `&&` calls a closure. Checked the plain way, a debug `lock`
    /// counted half as many instructions again per operation, and how many depended on how many
    /// transitions the scheduling happened to make
    /// (`results/instructions/debug-invariant-check.md`).
    mutating func countersHold() -> Bool {
        let anyNegative =
            readyCount | executing | workers | idleWorkers | wakeTokens | spinningWorkers | nudgeTokens | admissions
        if anyNegative < 0 { return false }
        if idleWorkers + wakeTokens + spinningWorkers + nudgeTokens > workers { return false }
        return maxConcurrentOperationCount >= 1 || maxConcurrentOperationCount == defaultMaxConcurrentOperationCount
    }

    /// Traps, in debug builds only, when a transition broke an invariant, naming it.
    @inline(__always)
    mutating func assertInvariants() {
        #if DEBUG
            if !countersHold() {
                assertionFailure("QueueStateMachine: \(invariantViolations().joined(separator: "; "))")
            }
        #endif
    }
}
