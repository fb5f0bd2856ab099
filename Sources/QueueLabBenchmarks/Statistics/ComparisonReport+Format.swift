/// The formats `queuelab compare` prints.
public enum ReportFormat: String, Sendable, CaseIterable {
    case text
    case markdown
}

extension ComparisonReport {
    public func rendered(_ format: ReportFormat) -> String {
        var table = [
            ["implementation", "workload", "figure", "base", "head", "head/base [95% CI]", "p (Holm)", "n", "verdict"]
        ]
        for row in rows.sorted(by: {
            ($0.verdict, $0.implementation, $0.workload) < ($1.verdict, $1.implementation, $1.workload)
        }) {
            let interval =
                "\(FigureFormat.ratio(row.ratio.ratio)) [\(FigureFormat.ratio(row.ratio.lower)), \(FigureFormat.ratio(row.ratio.upper))]"
            table.append([
                row.implementation, "\(row.workload) \(row.parameters)", row.figure.column,
                FigureFormat.value(row.baseMedian, column: row.figure.column),
                FigureFormat.value(row.headMedian, column: row.figure.column), interval,
                FigureFormat.pValue(row.adjustedP), "\(row.baseCount)/\(row.headCount)", row.verdict.rawValue,
            ])
        }
        let counts = Verdict.allCases.map { "\(count($0)) \($0.rawValue)" }.joined(separator: ", ")
        let method =
            "Medians; Hodges-Lehmann ratio on logs with a 95% interval; two-sided Mann-Whitney U (exact without ties "
            + "up to 50 per side, else normal approximation with tie and continuity correction), Holm-corrected over "
            + "\(rows.count) comparisons; regression = significant at 0.05 and worse than \(Int((rule.threshold * 100).rounded()))%; "
            + "fewer than \(rule.minimumSamples) samples a side = INCONCLUSIVE."
        var out: [String] = []
        switch format {
        case .text:
            out.append(FigureFormat.table(table))
            out.append("")
            out.append("verdicts: \(counts)")
            out.append(method)
            out += unmatched.map { "note: \($0)" }
        case .markdown:
            out.append("### QueueLab benchmark comparison: \(hasRegression ? "REGRESSION" : "no regression")")
            out.append("")
            out.append(FigureFormat.markdown(table))
            out.append("")
            out.append("**Verdicts:** \(counts)")
            out.append("")
            out.append(method)
            out += unmatched.map { "- note: \($0)" }
        }
        return out.joined(separator: "\n")
    }
}
