import Foundation
import QueueLabBenchmarks

/// The `--base` section: `Comparison`'s verdicts as an HTML table, coloured by verdict, worst first.
enum ComparisonTable {
    static func cssClass(_ verdict: Verdict) -> String { "verdict-\(verdict.rawValue.lowercased())" }

    static func render(_ report: ComparisonReport) -> String {
        var html = "<p class=\"verdict-counts\">"
        html += Verdict.allCases.map { verdict in
            "<span class=\"badge \(cssClass(verdict))\">\(report.count(verdict)) \(verdict.rawValue)</span>"
        }.joined(separator: " ")
        html += "</p>\n"
        guard !report.rows.isEmpty else {
            return html + "<p>No implementation and workload is present in both files: nothing to compare.</p>"
        }
        let rows = report.rows.sorted {
            ($0.verdict, $0.queueLabel, $0.workload, $0.figure.column) < (
                $1.verdict, $1.queueLabel, $1.workload, $1.figure.column
            )
        }
        // The verdicts that need a person's attention stay in view; the rest fold away (no script:
        // <details> opens natively).
        let decisive = rows.filter { $0.verdict == .regression || $0.verdict == .improvement }
        let quiet = rows.filter { $0.verdict == .same || $0.verdict == .inconclusive }
        if decisive.isEmpty {
            html += "<p class=\"note\">No regression and no improvement beyond the threshold.</p>\n"
        } else {
            html += table(decisive)
        }
        if !quiet.isEmpty {
            html +=
                "<details><summary>\(quiet.count) comparisons without a clear change (SAME or INCONCLUSIVE)</summary>\n"
            html += table(quiet) + "</details>\n"
        }
        if !report.unmatched.isEmpty {
            html +=
                "<details><summary>\(report.unmatched.count) cells are in only one file (not compared)</summary><ul>"
            html += report.unmatched.map { "<li>\(HTMLText.escape($0))</li>" }.joined()
            html += "</ul></details>\n"
        }
        return html
    }

    static func table(_ rows: [ComparisonRow]) -> String {
        var html = "<table class=\"comparison\"><thead><tr>"
        for heading in [
            "verdict", "implementation", "workload", "figure", "base median", "head median", "change",
            "head/base [95% CI]", "p (Holm)", "samples", "design", "detectable (80% power)",
        ] {
            html += "<th>\(heading)</th>"
        }
        html += "</tr></thead><tbody>\n"
        for row in rows {
            let column = row.figure.column
            let cells = [
                "<td class=\"verdict\">\(row.verdict.rawValue)</td>",
                "<td>\(HTMLText.escape(row.queueLabel))</td>",
                "<td>\(HTMLText.escape("\(row.workload) \(row.parameters.replacingOccurrences(of: ";", with: " "))"))</td>",
                "<td title=\"\(HTMLText.escape(row.figure.summary))\">\(HTMLText.escape(column))<br><small>\(HTMLText.escape(row.figure.summary))</small></td>",
                "<td class=\"num\">\(FigureFormat.value(row.baseMedian, column: column))</td>",
                "<td class=\"num\">\(FigureFormat.value(row.headMedian, column: column))</td>",
                "<td>\(HTMLText.escape(change(row)))</td>",
                "<td class=\"num\">\(FigureFormat.ratio(row.ratio.ratio)) [\(FigureFormat.ratio(row.ratio.lower)), \(FigureFormat.ratio(row.ratio.upper))]</td>",
                "<td class=\"num\">\(FigureFormat.pValue(row.adjustedP))</td>",
                "<td class=\"num\">\(row.design == .paired ? "\(row.baseCount) pairs" : "\(row.baseCount)/\(row.headCount)")</td>",
                "<td>\(row.design.rawValue)</td>",
                "<td class=\"num\">\(FigureFormat.detectable(row.detectable))</td>",
            ]
            html += "<tr class=\"\(cssClass(row.verdict))\">" + cells.joined() + "</tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    /// "12% higher (better)": the change in words, oriented by the figure's direction.
    static func change(_ row: ComparisonRow) -> String {
        let ratio = row.ratio.ratio
        guard ratio.isFinite, ratio > 0 else { return "-" }
        let change = (abs(ratio - 1) * 100).rounded()
        if change == 0 { return "no change" }
        let higher = ratio > 1
        // Figures read from files may be anything finite: their ratio's percentage can pass what an
        // Int holds, or overflow to infinity. A change of a million percent or more is said as a
        // factor (only a rise can be that large).
        let percent = change < 1e6 ? "\(Int(change))%" : String(format: "%.3g times", ratio)
        let better: Bool
        switch row.figure.direction {
        case .higherIsBetter: better = higher
        case .lowerIsBetter: better = !higher
        case .informational: return "\(percent) \(higher ? "higher" : "lower")"
        }
        return "\(percent) \(higher ? "higher" : "lower") (\(better ? "better" : "worse"))"
    }
}
