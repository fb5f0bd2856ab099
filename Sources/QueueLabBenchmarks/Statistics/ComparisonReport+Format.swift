/// The formats `queuelab compare` prints.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// Aligned columns, for a terminal.
    case text
    /// A Markdown table, for a pull request or a CI summary.
    case markdown
}

extension ComparisonReport {
    /// The one-line outcome. "no regression" only when every base cell was measured and judged:
    /// a comparison whose rows are INCONCLUSIVE has not shown that nothing regressed.
    public var headline: String {
        var problems: [String] = []
        if hasRegression { problems.append("REGRESSION") }
        if !missingFromHead.isEmpty {
            problems.append("NOT MEASURED: \(missingFromHead.count) cell(s) of base missing from head")
        }
        if !problems.isEmpty { return problems.joined(separator: "; ") }
        let inconclusive = count(.inconclusive)
        if inconclusive > 0 || rows.isEmpty {
            return
                "not enough evidence: \(inconclusive) of \(rows.count) comparisons INCONCLUSIVE (collect more samples)"
        }
        return "no regression"
    }

    /// The report as `queuelab compare` prints it in `format`: the headline, the table (worst verdict
    /// first), the verdict counts, how rows were judged, what each channel can see, and the cells
    /// found in only one run.
    public func rendered(_ format: ReportFormat) -> String {
        var table = [
            [
                "implementation", "workload", "figure", "base", "head", "head/base [95% CI]", "p (Holm)", "n", "design",
                "detectable", "verdict",
            ]
        ]
        for row in orderedRows {
            let interval =
                "\(FigureFormat.ratio(row.ratio.ratio)) [\(FigureFormat.ratio(row.ratio.lower)), \(FigureFormat.ratio(row.ratio.upper))]"
            table.append([
                row.queueLabel, "\(row.workload) \(row.parameters)", row.figure.column,
                FigureFormat.value(row.baseMedian, column: row.figure.column),
                FigureFormat.value(row.headMedian, column: row.figure.column), interval,
                FigureFormat.pValue(row.adjustedP),
                row.design == .paired ? "\(row.baseCount) pairs" : "\(row.baseCount)/\(row.headCount)",
                row.design.rawValue, FigureFormat.detectable(row.detectable), row.verdict.rawValue,
            ])
        }
        let counts = Verdict.allCases.map { "\(count($0)) \($0.rawValue)" }.joined(separator: ", ")
        let method =
            "Medians. Paired rows (base and head of a round run back to back, one bench run): Wilcoxon signed-rank "
            + "on per-round log ratios (exact without ties up to 50 pairs, else normal approximation with tie and "
            + "continuity correction; zero differences dropped), Hodges-Lehmann ratio = exp(median of Walsh averages) "
            + "with its signed-rank 95% interval. Unpaired rows: Mann-Whitney U (exact without ties up to 50 per side, "
            + "else normal approximation), Hodges-Lehmann ratio on logs with a 95% interval. p-values Holm-corrected "
            + "(family-wise) over \(rows.count) comparisons; regression = significant at \(rule.alpha) and "
            + "\(rule.floorDescription); fewer than \(rule.minimumSamples) samples a side = "
            + "INCONCLUSIVE. detectable = the smallest change detected with at least 80% power at Holm's strictest "
            + "level (\(rule.alpha)/\(rows.count)), by simulation: the change planted into 400 draws of the "
            + "row's own log ratios (paired) or of each side's logs (unpaired), widened by the error of a spread "
            + "estimated from them, judged by the row's own test (signed-rank or Mann-Whitney) at its sample "
            + "size, and detected in at least 85% of draws (the margin over 80% covers the simulation's error); "
            + "none = no outcome of these samples could be significant."
        var out: [String] = []
        switch format {
        case .text:
            out.append("QueueLab benchmark comparison: \(headline)")
            out.append("")
            out.append(FigureFormat.table(table))
            out.append("")
            out.append("verdicts: \(counts)")
            out.append(method)
            out += ChannelVisibility.lines(for: rows)
            out += missingFromHead.map { "NOT MEASURED: \($0): in base, missing from head (failed, hung or not run)" }
            out += onlyInHead.map { "note: \($0): only in head" }
        case .markdown:
            out.append("### QueueLab benchmark comparison: \(headline)")
            out.append("")
            out.append(FigureFormat.markdown(table))
            out.append("")
            out.append("**Verdicts:** \(counts)")
            out.append("")
            out.append(method)
            out += ChannelVisibility.lines(for: rows).map { "\n" + $0 }
            out += missingFromHead.map {
                "- **NOT MEASURED:** \($0): in base, missing from head (failed, hung or not run)"
            }
            out += onlyInHead.map { "- note: \($0): only in head" }
        }
        return out.joined(separator: "\n")
    }
}
