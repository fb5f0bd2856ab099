// `evidence` stays the rendered lines that readers of `conform --format json` already parse; the
// typed pieces ride beside it as `typedEvidence`, so that a child process hands its parent the
// kinds intact. A report written before the typed field decodes with each line as a note.
extension CheckOutcome {
    enum CodingKeys: String, CodingKey {
        case checkID, implementation, policy, verdict, summary, evidence, typedEvidence, seed, level, scenario
        case seconds, knownDeviation, power, clauseCoverage, unexercisedClauses
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        checkID = try container.decode(String.self, forKey: .checkID)
        implementation = try container.decode(String.self, forKey: .implementation)
        policy = try container.decodeIfPresent(String.self, forKey: .policy)
        verdict = try container.decode(Verdict.self, forKey: .verdict)
        summary = try container.decode(String.self, forKey: .summary)
        if let typed = try container.decodeIfPresent([Evidence].self, forKey: .typedEvidence) {
            evidence = typed
        } else {
            evidence = try container.decode([String].self, forKey: .evidence).map { .note(text: $0) }
        }
        seed = try container.decode(UInt64.self, forKey: .seed)
        level = try container.decode(String.self, forKey: .level)
        scenario = try container.decodeIfPresent(String.self, forKey: .scenario)
        seconds = try container.decode(Double.self, forKey: .seconds)
        knownDeviation = try container.decodeIfPresent(String.self, forKey: .knownDeviation)
        power = try container.decodeIfPresent(CheckPower.self, forKey: .power)
        clauseCoverage = try container.decodeIfPresent([String: Int].self, forKey: .clauseCoverage)
        unexercisedClauses = try container.decodeIfPresent([String].self, forKey: .unexercisedClauses)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(checkID, forKey: .checkID)
        try container.encode(implementation, forKey: .implementation)
        try container.encodeIfPresent(policy, forKey: .policy)
        try container.encode(verdict, forKey: .verdict)
        try container.encode(summary, forKey: .summary)
        try container.encode(evidence.flatMap(\.lines), forKey: .evidence)
        // Absent when there is none, so that an outcome without evidence reads as it always did.
        if !evidence.isEmpty { try container.encode(evidence, forKey: .typedEvidence) }
        try container.encode(seed, forKey: .seed)
        try container.encode(level, forKey: .level)
        try container.encodeIfPresent(scenario, forKey: .scenario)
        try container.encode(seconds, forKey: .seconds)
        try container.encodeIfPresent(knownDeviation, forKey: .knownDeviation)
        try container.encodeIfPresent(power, forKey: .power)
        try container.encodeIfPresent(clauseCoverage, forKey: .clauseCoverage)
        try container.encodeIfPresent(unexercisedClauses, forKey: .unexercisedClauses)
    }
}
