import Foundation
import QueueLabCore

/// Every wait against every state that keeps an operation it covers unfinished: while the state
/// holds the wait must not return (a short bounded wait times out, a blocking one stays blocked),
/// and once the state ends it must return. Gates hold the states; the only timed wait is the
/// short one that shows a wait did not return.
enum UnfinishedWaitScenario {
    static func run<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        var pairs = 0
        var skipped = 0
        for state in HoldingStates.all(type) {
            guard context.has(state.needs) else {
                skipped += 1
                continue
            }
            for wait in CoveringWait.allCases where !state.queueWideOnly || wait == .queueWide {
                try context.iterate(type, times: 1) { h in try check(wait, state, h) }
                pairs += 1
            }
        }
        let lacking = skipped == 0 ? "" : "; \(skipped) states skipped for lack of a capability"
        return ScenarioPass("\(pairs) waits, each against a state keeping its operation unfinished\(lacking)")
    }

    private static func check<Q: OperationQueueing>(_ wait: CoveringWait, _ state: HoldingState<Q>, _ h: Harness<Q>)
        throws
    {
        let context = h.context
        let pair = "\(wait), \(state.name)"
        context.currentPhase = "\(pair): setting up"
        let holding = try state.arrange(WakeupStage(harness: h))
        if wait.addsItself {
            try checkBatch(wait, holding, pair, h)
        } else {
            try checkDirect(wait, holding, pair, h)
        }
    }

    /// The bounded waits made on the scenario thread.
    private static func checkDirect<Q: OperationQueueing>(
        _ wait: CoveringWait, _ holding: Holding<Q>, _ pair: String, _ h: Harness<Q>
    ) throws {
        let context = h.context
        try h.add(holding.covered, to: holding.queue)
        try holding.afterAdd()
        let finishes: (Duration) -> Bool =
            wait == .queueWide
            ? { holding.queue.waitUntilAllOperationsAreFinished(timeout: $0) == .finished }
            : { holding.target.waitUntilFinished(timeout: $0) }
        context.currentPhase = "\(pair): waiting while the state holds"
        if let handlerReturned = holding.handlerReturned {
            try requireReturnBeforeHandler(h.deadline.keepWaiting(finishes), handlerReturned, pair, h)
            holding.release()
            return
        }
        let returned = finishes(context.observationWindow)
        let stateAtReturn = holding.target.state
        try requireHeld(returned, stateAtReturn, holding, pair, h)
        holding.release()
        context.currentPhase = "\(pair): waiting once the state ended"
        guard h.deadline.keepWaiting(finishes) else {
            throw ScenarioAbort.stale(
                "\(pair): the wait never returned after the state ended: \(context.stallDescription)",
                evidence: h.stallEvidence(first: nil))
        }
    }

    /// The batch waits: they add the batch themselves, then block, on a thread of their own.
    private static func checkBatch<Q: OperationQueueing>(
        _ wait: CoveringWait, _ holding: Holding<Q>, _ pair: String, _ h: Harness<Q>
    ) throws {
        let context = h.context
        let waitReturn = WaitReturn()
        let (queue, covered, target) = (holding.queue, holding.covered, holding.target)
        let bound = context.timeBound * 4
        let bounded = wait == .batchBounded
        WakeupStage(harness: h).detached("batch-wait") {
            let outcome: Result<WaitOutcome, QueueError>
            do throws(QueueError) {
                if bounded {
                    outcome = .success(try queue.addOperations(covered, waitUntilFinishedWithin: bound))
                } else {
                    try queue.addOperations(covered, waitUntilFinished: true)
                    outcome = .success(.finished)
                }
            } catch {
                outcome = .failure(error)
            }
            waitReturn.set(outcome, targetState: target.state)
        }
        context.currentPhase = "\(pair): waiting for the batch to be in the queue"
        // The add is the other thread's; the state can be completed only once it happened.
        while !queue.operations.contains(where: { $0 === target }) && !target.isFinished && !h.deadline.hasPassed
            && !waitReturn.returned.wait(until: Deadline(after: .zero))
        {
            sched_yield()
        }
        try holding.afterAdd()
        context.currentPhase = "\(pair): waiting while the state holds"
        if let handlerReturned = holding.handlerReturned {
            try requireReturnBeforeHandler(waitReturn.returned.wait(until: h.deadline), handlerReturned, pair, h)
            holding.release()
            return
        }
        if waitReturn.returned.wait(until: Deadline(after: context.observationWindow)),
            let (outcome, state) = waitReturn.result
        {
            if case .failure(let error) = outcome {
                throw ScenarioAbort.fail("\(pair): the add threw \(error)", evidence: [])
            }
            try requireHeld(true, state, holding, pair, h)
        }
        holding.release()
        context.currentPhase = "\(pair): waiting once the state ended"
        guard waitReturn.returned.wait(until: h.deadline), let (outcome, _) = waitReturn.result else {
            throw ScenarioAbort.stale(
                "\(pair): the wait never returned after the state ended: \(context.stallDescription)",
                evidence: h.stallEvidence(first: nil))
        }
        switch outcome {
        case .failure(let error): throw ScenarioAbort.fail("\(pair): the add threw \(error)", evidence: [])
        case .success(.timedOut(let report)):
            throw ScenarioAbort.stale(
                "\(pair): the wait timed out after \(bound) although the state had ended",
                evidence: [.stall(of: report)])
        case .success(.finished): break
        }
    }

    /// A wait that returned while the covered operation was still unfinished is the defect; one
    /// that returned with it finished saw the state end on its own (a cancel finishing at once).
    private static func requireHeld<Q: OperationQueueing>(
        _ returned: Bool, _ stateAtReturn: OperationState, _ holding: Holding<Q>, _ pair: String, _ h: Harness<Q>
    ) throws {
        try h.context.require(
            !returned || stateAtReturn == .finished,
            "\(pair): the wait returned while \(holding.target.label) was \(stateAtReturn): a wait covers its operations until they finished",
            evidence: h.excerpt(for: [holding.target.id]))
    }

    private static func requireReturnBeforeHandler<Q: OperationQueueing>(
        _ returned: Bool, _ handlerReturned: Counter, _ pair: String, _ h: Harness<Q>
    ) throws {
        guard returned else {
            throw ScenarioAbort.stale(
                "\(pair): the wait never returned: \(h.context.stallDescription)", evidence: h.stallEvidence(first: nil)
            )
        }
        try h.context.require(
            handlerReturned.value == 0,
            "\(pair): the wait returned only after the completion handler returned: a wait covers operations, not their completion handlers",
            evidence: h.excerpt(for: []))
    }
}

extension Check {
    static let waitUnfinished = Check(
        id: "wait.unfinished",
        summary:
            "every wait holds while an operation it covers is unfinished (pending, suspended, width full, executing, cancelled) and returns once it finished",
        sight: CheckSight(
            sees:
                "every wait against every state that keeps an operation it covers unfinished: it does not return while the state holds, and returns once it ends",
            cannotSee:
                "a wait that returns early only after longer than the short bounded wait that shows it holding"),
        requirements: [.width, .suspension],
        run: { queue, context in try UnfinishedWaitScenario.run(queue, context) })
}
