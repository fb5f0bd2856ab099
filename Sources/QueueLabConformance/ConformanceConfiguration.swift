/// What to run: level, seed, checks.
public struct ConformanceConfiguration: Sendable {
    public var level: ConformanceLevel
    /// Every random choice of every check derives from it (and the check's ID).
    public var seed: UInt64
    public var checks: [Check]
    /// Overrides the level's per-check time bound (for tests of the suite itself).
    public var timeBound: Duration?

    public init(
        level: ConformanceLevel = .quick, seed: UInt64 = 1, checks: [Check] = Check.all, timeBound: Duration? = nil
    ) {
        self.level = level
        self.seed = seed
        self.checks = checks
        self.timeBound = timeBound
    }

    var effectiveTimeBound: Duration { timeBound ?? level.timeBound }
}
