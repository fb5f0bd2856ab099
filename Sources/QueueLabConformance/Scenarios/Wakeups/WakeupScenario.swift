import QueueLabCore

/// Runs a wake-up table: for each row, a fresh harness, the state, a pause in it (nothing may
/// start then), the call, and a bounded wait for the proof. A queue that loses the wake-up stays
/// put, so the wait ends STALE with the queues' stall reports once nothing moved for the bound.
enum WakeupScenario {
    /// The wake-up table's rows on `queue`.
    static func runTable<Q: OperationQueueing>(_ queue: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try run(WakeupTable.rows(queue), context)
    }

    /// The rows where removing the only unfinished dependency is the call.
    static func runDependencyRemoved<Q: OperationQueueing>(
        _ queue: Q.Type, _ context: ScenarioContext
    ) throws -> ScenarioPass {
        try run(WakeupTable.dependencyRemoved(queue), context)
    }

    static func run<Q: OperationQueueing>(_ rows: [WakeupRow<Q>], _ context: ScenarioContext) throws -> ScenarioPass {
        var made = 0
        var skipped: [String] = []
        for row in rows {
            guard context.has(row.needs) else {
                skipped.append(row.call)
                continue
            }
            try context.iterate(Q.self, times: 1) { harness in try check(row, harness) }
            made += 1
        }
        let lacking = skipped.isEmpty ? "" : "; \(skipped.count) skipped for lack of a capability"
        return ScenarioPass("\(made) calls each let an operation run\(lacking)")
    }

    private static func check<Q: OperationQueueing>(_ row: WakeupRow<Q>, _ h: Harness<Q>) throws {
        let context = h.context
        context.currentPhase = "\(row.name): setting up"
        let stage = WakeupStage(harness: h)
        let call = try row.arrange(stage)
        context.currentPhase = "\(row.name): before the call"
        // The pause is the negative observation: in this state only the call may let it run.
        let pause = Deadline(after: row.pause.duration(context))
        let early: Bool
        switch call.proof {
        case .opens(let gate, _): early = gate.wait(until: pause)
        case .finishes(let op): early = op.waitUntilFinished(timeout: pause.remaining)
        }
        if early && row.mayEndBeforeTheCall { return }
        // Holds last until the check's stall deadline: one that ran out (a machine so loaded that
        // nothing moved for the whole bound) ended the state itself, and so let the proof happen
        // before the call. That is a stand-still, not a queue breaking the contract.
        if early && stage.holdRanOut.hasOpened {
            throw ScenarioAbort.stale(
                "\(row.name): a held operation's hold ran out at the stall bound before the call (\(row.call)), ending the state that kept \(call.proof.subject) from happening: \(context.stallDescription)",
                evidence: h.stallEvidence(first: nil))
        }
        try context.require(
            !early,
            "\(row.name): \(call.proof.subject) before the call (\(row.call)): in this state nothing else may let it run",
            evidence: h.excerpt(for: []))
        context.currentPhase = "\(row.name): making the call"
        try call.make()
        context.progress.note()
        context.currentPhase = "\(row.name): waiting for \(call.proof.subject)"
        let happened: Bool
        switch call.proof {
        case .opens(let gate, _): happened = gate.wait(until: h.deadline)
        case .finishes(let op): happened = h.deadline.keepWaiting { op.waitUntilFinished(timeout: $0) }
        }
        guard happened else {
            throw ScenarioAbort.stale(
                "\(row.name): waited in vain for \"\(call.proof.subject)\" after \(row.call), the one call that lets it run: \(context.stallDescription)",
                evidence: h.stallEvidence(first: nil))
        }
    }
}

extension WakeupProof {
    /// What the row waits for, in words.
    var subject: String {
        switch self {
        case .opens(_, let event): event
        case .finishes(let op): "\(op.label) finished"
        }
    }
}

extension Check {
    static let livenessWakeups = Check(
        id: "liveness.wakeups",
        summary:
            "every call that can make work runnable (add, batch, block, resume, width, finish, dependency done, cancel, barrier, priority change) does, in every state",
        sight: .wakeups,
        requirements: [.width, .suspension],
        run: { queue, context in try WakeupScenario.runTable(queue, context) })

    static let livenessDependencyRemoved = Check(
        id: "liveness.dependency-removed",
        summary: "removing the only unfinished dependency lets the operation run, in every state",
        sight: .wakeups,
        requirements: [.width, .suspension],
        run: { queue, context in try WakeupScenario.runDependencyRemoved(queue, context) })
}
