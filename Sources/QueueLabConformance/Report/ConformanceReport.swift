/// The outcomes of a run, with what is needed to render and replay them.
public struct ConformanceReport: Sendable, Codable {
    /// Every outcome, in run order: implementation by implementation, check by check (and seed by
    /// seed in a campaign).
    public var outcomes: [CheckOutcome]
    /// Implementation names, in run order.
    public var implementations: [String]
    /// Check IDs, in run order.
    public var checks: [String]
    /// The seed of the run; for a campaign (`conform --seeds`) its first, with ``seeds`` listing
    /// all.
    public var seed: UInt64
    /// The raw value of the ``ConformanceLevel`` the run used.
    public var level: String
    /// Wall time of the whole run, in seconds.
    public var seconds: Double
    /// The executable its replay commands name; a tool built on QueueLabTool sets its own.
    public var tool = "queuelab"
    /// The ordering promises each policy column declares (`lock[aging(step=2ms)]` ->
    /// `["strict-priority", "bounded-wait"]`), for ``unverifiedPromises``; queues without a policy
    /// are not listed.
    public var declaredPromises: [String: [String]]?

    /// A report of `outcomes`; ``tool`` and ``declaredPromises`` keep their defaults until set.
    public init(
        outcomes: [CheckOutcome], implementations: [String], checks: [String], seed: UInt64, level: String,
        seconds: Double
    ) {
        self.outcomes = outcomes
        self.implementations = implementations
        self.checks = checks
        self.seed = seed
        self.level = level
        self.seconds = seconds
    }

    /// Every FAIL, STALE and CRASH, declared known deviations included.
    public var failures: [CheckOutcome] {
        outcomes.filter { $0.verdict == .fail || $0.verdict == .stale || $0.verdict == .crash }
    }

    /// FAILs and STALEs the implementation did not declare as known deviations: what fails a run.
    public var unexpectedFailures: [CheckOutcome] { outcomes.filter(\.isUnexpectedFailure) }

    /// True when every outcome is PASS, UNSUPPORTED, or a declared known deviation.
    public var isSuccess: Bool { unexpectedFailures.isEmpty }

    /// The outcome of the check with ID `check` on the implementation labelled `implementation` (in
    /// a campaign, its first seed's), or nil when it did not run there.
    public func outcome(check: String, implementation: String) -> CheckOutcome? {
        outcomes.first { $0.checkID == check && $0.implementation == implementation }
    }

    /// How many outcomes have `verdict`. A declared known deviation counts under its verdict here,
    /// where ``countsLine`` counts it as KNOWN.
    public func count(_ verdict: Verdict) -> Int { outcomes.filter { $0.verdict == verdict }.count }

    /// "183 outcomes: 156 PASS, 0 FAIL, 0 STALE, 24 UNSUPPORTED, 3 KNOWN": the counts a reader sees,
    /// by ``CheckOutcome/verdictLabel``, so that a declared deviation is never counted as a FAIL.
    public var countsLine: String {
        var counts: [String: Int] = [:]
        for outcome in outcomes { counts[outcome.verdictLabel, default: 0] += 1 }
        let always = [Verdict.pass, .fail, .stale, .unsupported].map(\.rawValue)
        let whenAny = [Verdict.underpowered.rawValue, Verdict.crash.rawValue, CheckOutcome.knownLabel]
        let parts =
            always.map { "\(counts[$0] ?? 0) \($0)" }
            + whenAny.compactMap { label in counts[label].map { "\($0) \(label)" } }
        return "\(outcomes.count) outcomes: " + parts.joined(separator: ", ")
    }
}
