import QueueLabCore

/// What a scenario gets from the runner: the level, its generator, its time bound.
///
/// Used by the scenario's own thread only (bodies get what they need from ``Harness``).
final class ScenarioContext: @unchecked Sendable {
    // @unchecked Sendable: the runner hands the context to the one scenario thread and reads
    // `currentPhase` (lock-protected) only for a stuck-thread report.
    let level: ConformanceLevel
    let capabilities: QueueCapabilities
    var rng: SplitMix64
    /// Budget of the whole check (scenario iterations share it).
    let deadline: Deadline
    /// The length of that budget, for reports.
    let timeBound: Duration
    /// How long a check watches for something that must not happen.
    let observationWindow: Duration
    /// What start barriers may cost this check (shared with the reruns of shrinking).
    let overlapBudget: OverlapBudget
    private let phaseLock = NSLockBox()
    private var phase = "starting"

    convenience init(
        level: ConformanceLevel, capabilities: QueueCapabilities, rng: SplitMix64, timeBound: Duration,
        observationWindow: Duration
    ) {
        self.init(
            level: level, capabilities: capabilities, rng: rng, deadline: Deadline(after: timeBound),
            timeBound: timeBound, observationWindow: observationWindow,
            overlapBudget: OverlapBudget(limit: timeBound / 8))
    }

    private init(
        level: ConformanceLevel, capabilities: QueueCapabilities, rng: SplitMix64, deadline: Deadline,
        timeBound: Duration, observationWindow: Duration, overlapBudget: OverlapBudget
    ) {
        self.overlapBudget = overlapBudget
        self.level = level
        self.capabilities = capabilities
        self.rng = rng
        self.deadline = deadline
        self.timeBound = timeBound
        self.observationWindow = observationWindow
    }

    /// What the scenario is doing now: the report's answer when a call into the queue never returns.
    var currentPhase: String {
        get { phaseLock.withLock { phase } }
        set { phaseLock.withLock { phase = newValue } }
    }

    func has(_ capability: QueueCapabilities) -> Bool { capabilities.isSuperset(of: capability) }

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
            level: level, capabilities: capabilities, rng: rng, deadline: deadline, timeBound: timeBound,
            observationWindow: observationWindow, overlapBudget: overlapBudget)
    }
}
