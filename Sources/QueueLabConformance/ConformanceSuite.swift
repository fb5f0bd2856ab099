import Foundation
import QueueLabCore

/// Runs checks against implementations of `OperationQueueing`.
///
/// Bring your own queue: make it conform to `OperationQueueing` (and its operation to
/// `QueueOperation`), then
///
/// ```swift
/// let report = ConformanceSuite.run(MyQueue.self)
/// #expect(report.isSuccess, "\(report.text())")
/// ```
public enum ConformanceSuite {
    /// Every check of `configuration` against queues of type `queue`, made by `Q(name:)`: in their
    /// own order, which is checked against Foundation's promises (strict priority, FIFO within a
    /// level).
    ///
    /// Never hangs: each check runs on a thread of its own and every wait inside it is bounded;
    /// a scenario stuck inside a call to the queue is reported STALE and its thread is leaked.
    /// Runs in the calling process: a queue that traps ends it. Crash isolation (CRASH for the
    /// check that was running, the rest of the run going on) is `queuelab conform`'s, which runs
    /// these same calls in child processes.
    public static func run<Q: OperationQueueing>(
        _ queue: Q.Type, configuration: ConformanceConfiguration = ConformanceConfiguration(),
        progress: (@Sendable (CheckOutcome) -> Void)? = nil
    ) -> ConformanceReport {
        run(QueueMaker(queue), configuration: configuration, progress: progress)
    }

    /// Every check of `configuration` against each implementation (existentials, as the
    /// `QueueLabImplementations` registry lists them), each made by `Q(name:)`.
    public static func run(
        _ queues: [any OperationQueueing.Type], configuration: ConformanceConfiguration = ConformanceConfiguration(),
        progress: (@Sendable (CheckOutcome) -> Void)? = nil
    ) -> ConformanceReport {
        run(queues.map { plainRecipe($0) }, configuration: configuration, progress: progress)
    }

    /// Every check of `configuration` against the queues `recipe` makes. The ordering checks
    /// expect what the recipe's policy promises; a check needing a promise it does not make is
    /// UNSUPPORTED with the reason. Every other check is the same under every policy.
    public static func run(
        _ recipe: some QueueRecipe, configuration: ConformanceConfiguration = ConformanceConfiguration(),
        progress: (@Sendable (CheckOutcome) -> Void)? = nil
    ) -> ConformanceReport {
        let start = MonotonicClock.now()
        var outcomes: [CheckOutcome] = []
        for check in configuration.checks {
            let outcome = run(check, on: recipe, configuration: configuration)
            progress?(outcome)
            outcomes.append(outcome)
        }
        var report = ConformanceReport(
            outcomes: outcomes, implementations: [recipe.label], checks: configuration.checks.map(\.id),
            seed: configuration.seed, level: configuration.level.rawValue,
            seconds: Double(MonotonicClock.now() - start) / 1e9)
        report.declare(recipe)
        return report
    }

    /// Every check of `configuration` against each recipe, one after the other (columns labelled
    /// `lock`, `lock[aging(step=2ms)]`...).
    public static func run(
        _ recipes: [any QueueRecipe], configuration: ConformanceConfiguration = ConformanceConfiguration(),
        progress: (@Sendable (CheckOutcome) -> Void)? = nil
    ) -> ConformanceReport {
        let start = MonotonicClock.now()
        var outcomes: [CheckOutcome] = []
        for recipe in recipes {
            outcomes += run(recipe, configuration: configuration, progress: progress).outcomes
        }
        var report = ConformanceReport(
            outcomes: outcomes, implementations: recipes.map(\.label),
            checks: configuration.checks.map(\.id), seed: configuration.seed, level: configuration.level.rawValue,
            seconds: Double(MonotonicClock.now() - start) / 1e9)
        for recipe in recipes { report.declare(recipe) }
        return report
    }

    /// One check against one implementation, made by `Q(name:)`.
    public static func run<Q: OperationQueueing>(
        _ check: Check, on queue: Q.Type, configuration: ConformanceConfiguration = ConformanceConfiguration()
    ) -> CheckOutcome {
        run(check, on: QueueMaker(queue), configuration: configuration)
    }

    private static func plainRecipe<Q: OperationQueueing>(_ queue: Q.Type) -> any QueueRecipe { QueueMaker(queue) }

    /// One check against the queues `recipe` makes.
    public static func run<R: QueueRecipe>(
        _ check: Check, on recipe: R, configuration: ConformanceConfiguration = ConformanceConfiguration()
    ) -> CheckOutcome {
        typealias Q = R.Queue
        let start = MonotonicClock.now()
        var outcome = CheckOutcome(
            checkID: check.id, implementation: recipe.label, verdict: .pass, summary: "",
            seed: configuration.seed, level: configuration.level.rawValue)
        outcome.policy = recipe.policy?.specification
        let missing = check.requirements.subtracting(Q.capabilities)
        if !missing.isEmpty {
            outcome.verdict = .unsupported
            outcome.summary = "lacks \(missing)"
            return outcome
        }
        if let unmet = check.promiseRequirement.unmetReason(by: recipe) {
            outcome.verdict = .unsupported
            outcome.summary = unmet
            return outcome
        }
        let bound = configuration.effectiveTimeBound
        let context = ScenarioContext(
            level: configuration.level, capabilities: Q.capabilities, recipe: recipe,
            rng: .forCheck(seed: configuration.seed, checkID: check.id), timeBound: bound,
            observationWindow: configuration.effectiveObservationWindow, shrinkBudget: configuration.shrinkBudget)
        let result = ScenarioResult(nil)
        let thread = Thread {
            let ran = Result { try check.run(on: Q.self, context) }
            result.withLockWakingWaiters { $0 = ran }
        }
        thread.name = "queuelab.check.\(check.id)"
        thread.stackSize = 8 << 20
        thread.start()
        // The scenario bounds its own waits; this bound catches a call into the queue that never
        // returns (a lock held forever, Foundation's self-dependency). Shrinking may add a few seconds.
        let slack: Duration = configuration.level == .stress ? .seconds(35) : .seconds(10)
        let watchdog = Deadline(stallingAfter: bound + slack, of: context.progress)
        switch result.wait(until: watchdog, reportingMovesOf: context.progress, to: configuration.heartbeat) {
        case nil:
            outcome.verdict = .stale
            outcome.summary = "the scenario is stuck inside a call to the queue: \(context.currentPhase)"
            outcome.evidence = [
                .note(
                    text:
                        "the scenario thread was abandoned after nothing moved for \(bound + slack); it stays blocked but does not keep the process alive"
                )
            ]
        case .success(let pass)?:
            outcome.summary = pass.note.isEmpty ? "ok" : pass.note
            outcome.scenario = pass.scenario
            outcome.power = pass.power
            outcome.clauseCoverage = pass.clauseCoverage
            outcome.unexercisedClauses = pass.unexercisedClauses
            // Nothing forbidden seen, in too few landed races to say much: never a plain PASS.
            if let power = pass.power, !power.isEnough {
                outcome.verdict = .underpowered
                outcome.evidence = [.note(text: "\(power)")]
            }
        case .failure(ScenarioAbort.fail(let message, let evidence))?:
            outcome.verdict = .fail
            outcome.summary = message
            outcome.evidence = evidence
        case .failure(ScenarioAbort.stale(let message, let evidence))?:
            outcome.verdict = .stale
            outcome.summary = message
            outcome.evidence = evidence
        case .failure(ScenarioAbort.unsupported(let message))?:
            outcome.verdict = .unsupported
            outcome.summary = message
        case .failure(let error)?:
            outcome.verdict = .fail
            outcome.summary = "unexpected error while \(context.currentPhase): \(error)"
        }
        context.policyFaults.judge(&outcome)
        outcome.seconds = Double(MonotonicClock.now() - start) / 1e9
        if outcome.verdict == .fail || outcome.verdict == .stale,
            let deviation = Q.knownDeviations.first(where: { $0.checkID == check.id })
        {
            outcome.knownDeviation = deviation.reason
        } else if outcome.verdict == .pass, let deviation = Q.knownDeviations.first(where: { $0.checkID == check.id }) {
            outcome.summary += " (declared known deviation did not show: \(deviation.reason))"
        }
        return outcome
    }
}

/// A scenario's result, handed from its thread to the runner.
private typealias ScenarioResult = Locked<Result<ScenarioPass, any Error>?>

extension ScenarioResult {
    /// ``wait(until:for:)`` for the result, in slices of `heartbeat`'s interval, beating after each
    /// slice in which `watch` saw the queues move.
    fileprivate func wait(
        until deadline: Deadline, reportingMovesOf watch: ProgressWatch, to heartbeat: ConformanceHeartbeat?
    ) -> Result<ScenarioPass, any Error>? {
        guard let heartbeat else { return wait(until: deadline) { $0 } }
        var reported = watch.last
        while true {
            if let result = wait(until: deadline.capped(heartbeat.interval), for: { $0 }) { return result }
            if deadline.hasPassed { return nil }
            let moved = watch.last
            if moved != reported {
                reported = moved
                heartbeat.beat()
            }
        }
    }
}
