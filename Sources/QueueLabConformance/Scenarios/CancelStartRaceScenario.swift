import Foundation
import QueueLabCore

/// `once.cancel-race`: cancels aimed at the moment a queue hands an operation to a worker, until
/// enough of them landed there for the level's floor; no body may run twice.
///
/// A cancel *landed* (``CancelLanding/landed``) when it was issued after the operation was handed
/// off and before its body began, as both sides see it: the cancelling thread read `state ==
/// .executing` just before calling `cancel()`, and the body's first instruction read `isCancelled
/// == true` (or no body ran at all). Anything else is not counted: a cancel the body did not see at
/// entry came after the body began (late); an operation seen finished before it was seen executing
/// was never cancelled (missed). A queue that publishes `executing` only once the body runs, or
/// whose window is too short for another thread to hit, lands few races: the check then says so
/// (UNDERPOWERED) instead of passing on attempts that never raced.
///
/// Power is the landed count: with k landed races and no body twice, a duplicate rate of 3 / k or
/// more would have been seen with 95 % probability (``CheckPower``). The check keeps racing until
/// the level's floor (``ConformanceLevel/cancelRaceFloorOneIn``) is reached or three quarters of its
/// time bound are gone.
enum CancelStartRaceScenario {
    /// Operations per harness: keeps one trace small; the races of all batches add up.
    static let batchSize = 4_000

    static func run<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        let targetOneIn = context.level.cancelRaceFloorOneIn
        let needed = CheckPower.eventsNeeded(oneIn: targetOneIn)
        // The rest of the bound is margin for the last batch's wait and validation.
        let budget = context.deadline.capped(context.timeBound * 3 / 4)
        var tally = CancelLanding.Tally()
        while tally.landed < needed && !budget.hasPassed {
            try context.iterate(type, times: 1) { h in
                tally += try batch(h, context, budget: budget, stopAt: needed - tally.landed)
            }
        }
        let power = CheckPower(
            event: "cancels landed between hand-off and body start", landed: tally.landed, attempts: tally.attempts,
            targetOneIn: targetOneIn)
        var pass = ScenarioPass(
            "\(tally.landed) cancels landed between hand-off and body start (\(tally.landedUnheld) without the observer's hold; \(tally.late) after the body began, \(tally.missed) missed, \(tally.attempts) attempts): \(power.floorText); no body ran twice"
        )
        pass.power = power
        return pass
    }

    /// One harness: one operation at a time at width 1, each cancelled the moment it is seen
    /// executing; the next is added once it finished, so exactly one hand-off is in flight and the
    /// spinning thread knows which operation to watch whatever order the policy keeps.
    private static func batch<Q: OperationQueueing>(
        _ h: Harness<Q>, _ context: ScenarioContext, budget: Deadline, stopAt wanted: Int
    ) throws -> CancelLanding.Tally {
        let queue = h.makeQueue("races", width: context.has(.width) ? 1 : nil)
        let hold = HandOffHold(recording: h.recorder)
        if h.observed { queue.setStateObserver(hold) }
        var heldIDs: Set<OperationID> = []
        let patience = context.patience(atLeast: .seconds(2))
        var aimed: Set<OperationID> = []
        var missed = 0
        var attempts = 0
        // Landings are only known from the trace; count them per slice of attempts to stop early.
        var checkedUpTo = 0
        var landedSoFar = 0
        for index in 0..<batchSize {
            if budget.hasPassed || landedSoFar >= wanted { break }
            let op = h.makeOperation("r\(index)")
            // A cancel may reach the queue before its worker commits (the body never runs) or after
            // (the body runs, seeing the cancel or not): all are allowed; twice never is.
            h.expect(op, runs: .either)
            attempts += 1
            // Every other attempt the observer holds the hand-off open; the rest race unaided, so
            // that the natural timing (and a queue that delivers elsewhere) is raced too.
            let held = h.observed && index.isMultiple(of: 2)
            hold.watch(held ? op.id : nil)
            if held { heldIDs.insert(op.id) }
            context.currentPhase = "adding r\(index)"
            try h.add(op, to: queue)
            context.currentPhase = "watching r\(index) for its hand-off"
            let waitedUntil = h.deadline.capped(patience)
            var spins = 0
            while true {
                let state = op.state
                if state == .executing {
                    op.cancel()
                    hold.cancelReturned(op.id)
                    aimed.insert(op.id)
                    break
                }
                if state == .finished {
                    missed += 1
                    break
                }
                spins += 1
                if spins.isMultiple(of: 64) {
                    if waitedUntil.hasPassed {
                        throw ScenarioAbort.stale(
                            "r\(index) did not start within \(patience)", evidence: h.stallEvidence(first: nil))
                    }
                    // On a machine with fewer free cores than threads, let the worker run.
                    sched_yield()
                }
            }
            try h.waitForFinish(op)
            if attempts - checkedUpTo >= 256 {
                checkedUpTo = attempts
                landedSoFar = CancelLanding.classify(h.recorder.snapshot, aimed: aimed).landed
            }
        }
        try h.waitForAll()
        try h.validate()
        let trace = h.recorder.snapshot
        var tally = CancelLanding.classify(trace, aimed: aimed)
        tally.landedUnheld = CancelLanding.classify(trace, aimed: aimed.subtracting(heldIDs)).landed
        tally.missed = missed
        tally.attempts = attempts
        return tally
    }
}

extension Check {
    static let onceCancelRace = Check(
        id: "once.cancel-race",
        summary:
            "cancels aimed at the hand-off until 300 / 2,996 / 29,958 landed before the body began (a 1 in 100 / 1,000 / 10,000 duplicate rate seen at 95 %): no body twice",
        sight: CheckSight(
            sees:
                "a cancel landing between hand-off and body start, counted only when it landed; no body twice",
            cannotSee:
                "a duplicate rarer than the floor stated in its summary"),
        requirements: [.cancellation],
        run: { queue, context in try CancelStartRaceScenario.run(queue, context) })
}
