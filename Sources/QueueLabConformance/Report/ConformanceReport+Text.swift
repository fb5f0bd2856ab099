import Foundation

extension ConformanceReport {
    /// The table of checks by implementation, then notes (how cycles passed), then each failure
    /// with its evidence and the command that replays it.
    public func text() -> String {
        var lines: [String] = []
        let first = max(5, checks.map(\.count).max() ?? 0) + 2
        let column = max(12, (implementations.map(\.count).max() ?? 0) + 2)
        func pad(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(1, width - text.count))
        }
        lines.append(pad("check", first) + implementations.map { pad($0, column) }.joined())
        for check in checks {
            let cells = implementations.map { impl in
                pad(outcome(check: check, implementation: impl)?.verdictLabel ?? "-", column)
            }
            lines.append(pad(check, first) + cells.joined())
        }
        lines.append("")
        lines.append("\(countsLine) in \(String(format: "%.1f", seconds)) s (level \(level), seed \(seed))")
        let notes = outcomes.filter { $0.verdict == .pass && $0.summary != "ok" && $0.checkID.hasPrefix("cycle.") }
        if !notes.isEmpty {
            lines.append("")
            lines.append("cycle verdicts:")
            lines += notes.map { "  \($0.implementation) \($0.checkID): \($0.summary)" }
        }
        let unsupported = unsupportedReasons
        if !unsupported.isEmpty {
            lines.append("")
            lines.append("unsupported (why):")
            lines += unsupported.map { "  \($0.implementation) \($0.checks.joined(separator: ", ")): \($0.reason)" }
        }
        lines += shortfallLines
        for failure in failures {
            lines.append("")
            lines.append("\(failure.verdictLabel) \(failure.implementation) \(failure.checkID): \(failure.summary)")
            if let reason = failure.knownDeviation {
                lines.append("  a \(failure.verdict) the implementation declares as a known deviation: \(reason)")
            }
            if let scenario = failure.scenario { lines.append("  scenario: \(scenario)") }
            lines += failure.evidence.flatMap(\.lines).map { "  " + $0 }
            lines.append("  replay: \(failure.replayCommand(tool: tool))")
        }
        return lines.joined(separator: "\n")
    }

    /// The checks short of their power and the policy promises no check verified: what
    /// `--require-power` and `--require-verified-promises` fail a run for.
    var shortfallLines: [String] {
        var lines: [String] = []
        if !shortOfPower.isEmpty {
            lines.append("")
            lines.append("short of power (nothing forbidden seen, in too few landed events):")
            for outcome in shortOfPower {
                lines.append(
                    "  \(outcome.implementation) \(outcome.checkID): \(outcome.power.map(\.description) ?? outcome.summary)"
                )
                lines.append("    replay: \(outcome.replayCommand(tool: tool))")
            }
        }
        if !unexercisedClauses.isEmpty {
            lines.append("")
            lines.append(
                "clauses never exercised (their situation never arose; more seeds or a higher level reach more):")
            for outcome in unexercisedClauses {
                let clauses = (outcome.unexercisedClauses ?? []).joined(separator: ", ")
                lines.append("  \(outcome.implementation) \(outcome.checkID) seed \(outcome.seed): \(clauses)")
            }
        }
        let unverified = unverifiedPromises
        if !unverified.isEmpty {
            lines.append("")
            lines.append("unverified policy promises (no check that needs them PASSed):")
            lines += unverified.map { item in
                let checks = item.checks.map { "\($0.id) \($0.verdict)" }.joined(separator: ", ")
                return "  \(item.implementation) \(item.promise): \(checks.isEmpty ? "no check needs it" : checks)"
            }
        }
        return lines
    }
}

extension ConformanceReport {
    /// The UNSUPPORTED outcomes grouped by implementation and reason, in run order: a missing
    /// capability, or an ordering the policy does not promise.
    public var unsupportedReasons: [(implementation: String, reason: String, checks: [String])] {
        var groups: [(implementation: String, reason: String, checks: [String])] = []
        for outcome in outcomes where outcome.verdict == .unsupported {
            if let index = groups.firstIndex(where: {
                $0.implementation == outcome.implementation && $0.reason == outcome.summary
            }) {
                groups[index].checks.append(outcome.checkID)
            } else {
                groups.append((outcome.implementation, outcome.summary, [outcome.checkID]))
            }
        }
        return groups
    }
}
