import QueueLabCore

extension ScenarioContext {
    /// Runs `body` on a fresh harness `times` times (the level's iterations by default), closing
    /// each harness (gates opened, leftovers cancelled) whatever happens.
    func iterate<Q: OperationQueueing>(_ queue: Q.Type, times: Int? = nil, _ body: (Harness<Q>) throws -> Void) throws {
        for _ in 0..<(times ?? level.iterations) {
            let harness = Harness<Q>(context: self)
            defer { harness.close() }
            try body(harness)
        }
    }

    /// Whether half of the check's bound is gone: checks of many runs stop starting new ones then, so
    /// that a loaded machine costs power, never a correct queue's PASS.
    var halfTimeBoundGone: Bool { deadline.remaining < timeBound / 2 }

    /// Fails the check with `message` unless `condition` holds.
    func require(_ condition: Bool, _ message: @autoclosure () -> String, evidence: [Evidence] = []) throws {
        if !condition { throw ScenarioAbort.fail(message(), evidence: evidence) }
    }
}
