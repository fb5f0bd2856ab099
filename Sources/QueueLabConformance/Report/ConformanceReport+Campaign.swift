import Foundation

extension ConformanceReport {
    /// How many failures of a campaign show their evidence in the text report.
    static let campaignEvidenceShown = 10

    /// The seeds the outcomes ran on, in first-seen order.
    public var seeds: [UInt64] {
        var seen: Set<UInt64> = []
        return outcomes.map(\.seed).filter { seen.insert($0).inserted }
    }

    /// How often each verdict came out for `check` on `implementation`, over every seed.
    public func tally(check: String, implementation: String) -> [Verdict: Int] {
        var counts: [Verdict: Int] = [:]
        for outcome in outcomes where outcome.checkID == check && outcome.implementation == implementation {
            counts[outcome.verdict, default: 0] += 1
        }
        return counts
    }

    /// A campaign of seeds (`conform --seeds`): per check and implementation a tally of verdicts,
    /// then every outcome that is not PASS (UNSUPPORTED grouped by reason) with its replay line.
    public func campaignText() -> String {
        let seedList = seeds
        var lines = ["\(seedList.count) seeds (\(seedList.first ?? 0) to \(seedList.last ?? 0)), level \(level)"]
        let width = max(5, checks.map(\.count).max() ?? 0) + 2
        for implementation in implementations {
            lines.append("")
            lines.append(implementation)
            for check in checks {
                // By label: a declared deviation is KNOWN here too, not a FAIL.
                let cell = outcomes.filter { $0.checkID == check && $0.implementation == implementation }
                let labels = Verdict.allCases.map(\.rawValue) + [CheckOutcome.knownLabel]
                let text = labels.compactMap { label in
                    let count = cell.count { $0.verdictLabel == label }
                    return count > 0 ? "\(count) \(label)" : nil
                }.joined(separator: ", ")
                lines.append("  " + check.padding(toLength: width, withPad: " ", startingAt: 0) + text)
            }
        }
        lines.append("")
        lines.append("\(countsLine) in \(String(format: "%.1f", seconds)) s")
        let unsupported = unsupportedReasons
        if !unsupported.isEmpty {
            lines.append("")
            lines.append("unsupported (why):")
            lines += unsupported.map {
                "  \($0.implementation) \(Set($0.checks).sorted().joined(separator: ", ")): \($0.reason)"
            }
        }
        lines += shortfallLines
        // Every failure with its replay line; the evidence of the first few only, so that a
        // campaign with hundreds of failures stays readable (the JSON has all of it).
        for (index, failure) in failures.enumerated() {
            lines.append("")
            lines.append(
                "\(failure.verdictLabel) \(failure.implementation) \(failure.checkID) seed \(failure.seed): \(failure.summary)"
            )
            if index < Self.campaignEvidenceShown {
                if let scenario = failure.scenario { lines.append("  scenario: \(scenario)") }
                lines += failure.evidence.flatMap(\.lines).prefix(12).map { "  " + $0 }
            }
            lines.append("  replay: \(failure.replayCommand(tool: tool))")
        }
        if failures.count > Self.campaignEvidenceShown {
            lines.append("")
            lines.append(
                "(evidence shown for the first \(Self.campaignEvidenceShown) of \(failures.count) failures: replay one, or see --format json)"
            )
        }
        return lines.joined(separator: "\n")
    }
}
