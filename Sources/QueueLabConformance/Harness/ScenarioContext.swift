import QueueLabCore

/// What a scenario gets from the runner: the level, its generator, its time bound, and the recipe
/// its queues are made with (with the ordering promises of their policy).
///
/// Used by the scenario's own thread only (bodies get what they need from ``Harness``).
final class ScenarioContext: @unchecked Sendable {
    // @unchecked Sendable: `rng`, the one `var`, is only used by the scenario's own thread, to
    // which the runner hands the context; the runner reads only `currentPhase` (in `phase`, reached
    // only inside its `withLock`), for a stuck-thread report. The rest is immutable or Sendable.
    let level: ConformanceLevel
    let capabilities: QueueCapabilities
    /// Makes every queue of the check (see ``makeQueue(_:as:)``): its policy decides the order
    /// the priority checks expect.
    let recipe: any QueueRecipe
    var rng: SplitMix64
    /// What the check's waits share: STALE once nothing moved for `timeBound` (see ``Deadline``).
    let deadline: Deadline
    /// How long the queues may stand still before a wait ends STALE.
    let timeBound: Duration
    /// When the queues of this check last moved.
    let progress: ProgressWatch
    /// How long a check watches for something that must not happen.
    let observationWindow: Duration
    /// What start barriers may cost this check (shared with the reruns of shrinking).
    let overlapBudget: OverlapBudget
    /// The policy fault logs of the queues made (shared with the reruns of shrinking).
    let policyFaults: PolicyFaultWatch
    /// How long a failing generated program may be shrunk; nil for the level's budget.
    let shrinkBudget: Duration?
    private let phase = Locked("starting")

    convenience init(
        level: ConformanceLevel, capabilities: QueueCapabilities, recipe: any QueueRecipe, rng: SplitMix64,
        timeBound: Duration, observationWindow: Duration, shrinkBudget: Duration? = nil
    ) {
        let progress = ProgressWatch()
        self.init(
            level: level, capabilities: capabilities, recipe: recipe, rng: rng,
            deadline: Deadline(stallingAfter: timeBound, of: progress),
            timeBound: timeBound, observationWindow: observationWindow, progress: progress,
            overlapBudget: OverlapBudget(limit: timeBound / 8), policyFaults: PolicyFaultWatch(),
            shrinkBudget: shrinkBudget)
    }

    private init(
        level: ConformanceLevel, capabilities: QueueCapabilities, recipe: any QueueRecipe, rng: SplitMix64,
        deadline: Deadline, timeBound: Duration, observationWindow: Duration, progress: ProgressWatch,
        overlapBudget: OverlapBudget, policyFaults: PolicyFaultWatch, shrinkBudget: Duration?
    ) {
        self.shrinkBudget = shrinkBudget
        self.overlapBudget = overlapBudget
        self.policyFaults = policyFaults
        self.level = level
        self.capabilities = capabilities
        self.recipe = recipe
        self.rng = rng
        self.deadline = deadline
        self.timeBound = timeBound
        self.observationWindow = observationWindow
        self.progress = progress
    }

    /// What the scenario is doing now: the report's answer when a call into the queue never returns.
    var currentPhase: String {
        get { phase.withLock { $0 } }
        set { phase.withLock { $0 = newValue } }
    }

    /// Why a wait ended: nothing moved for the bound, or the hard limit was reached.
    var stallDescription: String {
        let still = Double(MonotonicClock.now() &- progress.last) / 1e9
        if still * 1e9 >= Double(timeBound.nanoseconds) * 0.99 {
            return "nothing moved for \(timeBound) (no transition, body start or end, or completion)"
        }
        return "still moving after \(timeBound * Int(Deadline.waitLimitInBounds)), the limit of one wait"
    }

    func has(_ capability: QueueCapabilities) -> Bool { capabilities.isSuperset(of: capability) }

    /// The policy the queues are made with; nil when they keep their own order.
    var policy: PolicyDeclaration? { recipe.policy }

    /// The orderings the queues promise: their policy's, or Foundation's without one.
    var promises: OrderingPromises { recipe.promises }

    /// A queue made by the check's recipe. `Q` is always the recipe's queue type: the suite runs a
    /// check with the type of the recipe it was given, so the cast cannot fail.
    func makeQueue<Q: OperationQueueing>(_ name: String?, as type: Q.Type = Q.self) -> Q {
        func make<R: QueueRecipe>(_ recipe: R) -> Q? { recipe.makeQueue(name: name) as? Q }
        guard let queue = make(recipe) else {
            preconditionFailure("the check runs \(Q.self) but its recipe makes \(recipe.label)")
        }
        policyFaults.watch(queue)
        return queue
    }

    /// How long a check waits for something a correct queue does at once (a start, a completion,
    /// two bodies meeting) before it calls it missing: `least`, or a quarter of the time bound if
    /// that is longer. A larger bound on a loaded machine buys patience too, and a FAIL still
    /// leaves most of the budget to report it.
    func patience(atLeast least: Duration) -> Duration { max(least, timeBound / 4) }
}

extension ScenarioContext {
    /// The same check with its own deadline: for the reruns of shrinking.
    func child(deadline: Deadline) -> ScenarioContext {
        ScenarioContext(
            level: level, capabilities: capabilities, recipe: recipe, rng: rng, deadline: deadline,
            timeBound: timeBound,
            observationWindow: observationWindow, progress: progress, overlapBudget: overlapBudget,
            policyFaults: policyFaults, shrinkBudget: shrinkBudget)
    }
}
