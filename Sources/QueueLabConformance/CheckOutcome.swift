/// The class of a check's outcome, after jcstress's: allowed, forbidden, or no verdict.
public enum Verdict: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Every observed outcome is allowed by the contract.
    case pass = "PASS"
    /// A forbidden outcome was observed; the evidence shows it.
    case fail = "FAIL"
    /// The check did not finish in its time bound; the evidence lists what was still pending.
    case stale = "STALE"
    /// The implementation declares it lacks a capability the check needs.
    case unsupported = "UNSUPPORTED"
    /// Nothing forbidden was seen, but too few of the events the check looks for happened in its
    /// time bound to reach its stated floor (``CheckOutcome/power`` says how far it got): not a
    /// failure, not a PASS either (`conform --require-power` makes it fail the run).
    case underpowered = "UNDERPOWERED"
    /// The queue ended the process running the check (a trap, a signal, an abnormal exit):
    /// `conform` runs checks in a child process and reports the check that was running.
    case crash = "CRASH"

    public var description: String { rawValue }
}

/// The result of one check on one implementation.
public struct CheckOutcome: Sendable, Codable {
    /// The ID of the check (``Check/id``), e.g. `cancel.race`.
    public var checkID: String
    /// The recipe's label: `lock`, or with a policy `lock[aging(step=2ms)]`.
    public var implementation: String
    /// The policy's specification as `--policy` takes it (`aging:step=2ms`); nil when the queue
    /// keeps its own order.
    public var policy: String?
    /// The class of the outcome. A FAIL or STALE the implementation declared keeps its verdict here
    /// and shows as KNOWN in ``verdictLabel``.
    public var verdict: Verdict
    /// One line. For a PASS of a cycle check it says which way it passed ("rejected: ..." or
    /// "deadlock (Foundation behaviour): ...").
    public var summary: String
    /// Trace excerpts, the operations involved, stall reports: what a reader needs to believe it.
    /// Each piece says which kind it is; ``Evidence/lines`` renders it as the reports print it.
    public var evidence: [Evidence]
    /// The seed the check ran with (``ConformanceConfiguration/seed``): with ``level``, what
    /// replays the outcome.
    public var seed: UInt64
    /// The raw value of the ``ConformanceLevel`` the check ran at: `quick`, `default` or `stress`.
    public var level: String
    /// The scenario the evidence comes from, after shrinking, when the check generates scenarios.
    public var scenario: String?
    /// Wall time the check took, in seconds; 0 when it was judged UNSUPPORTED without running.
    public var seconds: Double
    /// Set when the implementation declared this FAIL or STALE as a `KnownDeviation`: the reason.
    public var knownDeviation: String?
    /// For a check whose power comes from events it cannot force (races that must land): how many
    /// landed and the floor they reached. Nil for the other checks.
    public var power: CheckPower?
    /// For a model-based check (`model.*`): per clause id (the table of clauses in QueueLabCore's
    /// article "The contract"), how often the situation it governs arose. Nil for the other checks.
    public var clauseCoverage: [String: Int]?
    /// For a model-based check that passed: the clauses it could exercise on this queue and never
    /// did (their situation never arose), in the documentation's order.
    public var unexercisedClauses: [String]?

    /// A FAIL, STALE or CRASH that the implementation did not declare: what fails a run.
    public var isUnexpectedFailure: Bool {
        (verdict == .fail || verdict == .stale || verdict == .crash) && knownDeviation == nil
    }

    /// The verdict as tables show it: KNOWN for a FAIL or STALE the implementation declared (a word
    /// of its own: it does not fail a run, and a reader must not count it as a failure).
    public var verdictLabel: String { knownDeviation == nil ? verdict.rawValue : Self.knownLabel }

    /// The label of a declared deviation's outcome.
    public static let knownLabel = "KNOWN"

    /// An outcome with the facts every check has; ``policy``, ``knownDeviation``, ``power`` and the
    /// clause coverage are set afterwards, where they apply.
    public init(
        checkID: String, implementation: String, verdict: Verdict, summary: String, evidence: [Evidence] = [],
        seed: UInt64, level: String, scenario: String? = nil, seconds: Double = 0
    ) {
        self.checkID = checkID
        self.implementation = implementation
        self.verdict = verdict
        self.summary = summary
        self.evidence = evidence
        self.seed = seed
        self.level = level
        self.scenario = scenario
        self.seconds = seconds
    }

    /// The implementation's name without the policy (`lock` for `lock[aging(step=2ms)]`).
    public var implementationName: String { String(implementation.prefix { $0 != "[" }) }

    /// The command that replays this outcome (with `--policy` when the queue was made with one),
    /// run by `tool`: `queuelab`, or the executable a third party built on QueueLabTool.
    public func replayCommand(tool: String = "queuelab") -> String {
        let policy = self.policy.map { " --policy \($0)" } ?? ""
        return
            "\(tool) conform --impl \(implementationName)\(policy) --check \(checkID) --seed \(seed) --level \(level)"
    }
}
