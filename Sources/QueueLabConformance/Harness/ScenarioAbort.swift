/// How a scenario stops early: thrown from anywhere inside it, turned into an outcome by the runner.
enum ScenarioAbort: Error {
    /// A forbidden outcome: the message and the evidence.
    case fail(String, evidence: [Evidence])
    /// A time bound passed: what was still pending.
    case stale(String, evidence: [Evidence])
    case unsupported(String)
}

/// What a scenario says when it passes: usually nothing, for cycles which way it passed.
struct ScenarioPass: Sendable {
    var note: String
    /// A description of the (random) scenario, kept for reports.
    var scenario: String?
    /// What a probabilistic check saw; short of its target, the check is UNDERPOWERED.
    var power: CheckPower?
    /// For the model-based checks: how often each clause's situation arose.
    var clauseCoverage: [String: Int]?
    var unexercisedClauses: [String]?

    init(_ note: String = "", scenario: String? = nil) {
        self.note = note
        self.scenario = scenario
    }
}
