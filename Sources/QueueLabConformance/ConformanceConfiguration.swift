/// What to run: level, seed, checks.
public struct ConformanceConfiguration: Sendable {
    /// How hard each check pushes: iterations, sizes, time bound and observation window.
    public var level: ConformanceLevel
    /// Every random choice of every check derives from it (and the check's ID).
    public var seed: UInt64
    /// The checks to run, in this order.
    public var checks: [Check]
    /// Overrides the level's per-check time bound (for tests of the suite itself).
    public var timeBound: Duration?
    /// Overrides the level's observation window, how long a check watches for something that must
    /// not happen (a start while suspended, a body beyond the width). Longer catches more on a
    /// loaded machine, at that cost per observation.
    public var observationWindow: Duration?
    /// Told while a check's queues move (see ``ConformanceHeartbeat``); nil, the default, for none.
    public var heartbeat: ConformanceHeartbeat?
    /// Overrides how long the model checks may shrink a failing program (the level's budget when
    /// nil). Zero reports the program as it failed: a mutant campaign that counts catches over
    /// many seeds needs the verdicts, not a short program for each.
    package var shrinkBudget: Duration?

    /// A configuration: by default every standard check at level `quick` with seed 1. A nil
    /// `timeBound` or `observationWindow` keeps the level's.
    public init(
        level: ConformanceLevel = .quick, seed: UInt64 = 1, checks: [Check] = Check.standard,
        timeBound: Duration? = nil,
        observationWindow: Duration? = nil
    ) {
        self.level = level
        self.seed = seed
        self.checks = checks
        self.timeBound = timeBound
        self.observationWindow = observationWindow
    }

    var effectiveTimeBound: Duration { timeBound ?? level.timeBound }
    var effectiveObservationWindow: Duration { observationWindow ?? level.observationWindow }
}
