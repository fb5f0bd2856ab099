import Foundation
import QueueLabBenchmarks

/// The strategies view: for each queue, every policy side by side on each workload, as HTML (a
/// section of the report) or Markdown (`queuelab report --markdown`), with the plain facts a reader
/// looks for first: whose lowest class waits least, who shares by weight, what it costs.
enum StrategiesSection {
    static let intro =
        "Each table is one queue on one workload, one row per scheduling policy (medians over samples, one process each). "
        + "<b>vs reference</b> is the policy's throughput over the reference policy's (Hodges-Lehmann ratio of the samples, 95% interval): below 1 costs throughput. "
        + "<b>lowest class, longest wait</b> is the longest enqueue-to-start wait of the lowest priority class in a sample (median over samples; worst sample), the figure starvation shows in; "
        + "<b>stated bound</b> is what a bounded-wait policy promises for it, from its step, the backlog, the width and the longest body of the sample. "
        + "<b>Jain</b> is Jain's fairness index over each class's share of the starts divided by the share its weight asks for (equal weights for a policy without any): 1 = as asked, 1/n = one class took everything. "
        + "Per class: wait p50 / p99 / max, and the share of starts against the share the weight asks for. "
        + "<b>makespan / bound</b> (workload makespan) is the time from resume to the last finish over max(total work / width, longest path's work), which no schedule can beat: 1 is perfect."

    // MARK: HTML

    static func html(_ tables: [StrategyTable]) -> String {
        tables.map { table in
            var html = "<h3>\(HTMLText.escape(table.implementation)): \(HTMLText.escape(table.workloadLabel))</h3>\n"
            html += "<ul class=\"readings\">" + readings(table).map { "<li>\(HTMLText.escape($0))</li>" }.joined()
            html += "</ul>\n"
            html += htmlTable(summaryRows(table))
            if table.hasClasses { html += htmlTable(classRows(table)) }
            if table.hasMakespan {
                html += MakespanChart.svg(table)
                html += htmlTable(makespanRows(table))
            }
            return html
        }.joined(separator: "\n")
    }

    static func htmlTable(_ rows: [[String]]) -> String {
        guard let header = rows.first else { return "" }
        var html = "<table class=\"comparison strategies\"><thead><tr>"
        html += header.map { "<th>\(HTMLText.escape($0))</th>" }.joined() + "</tr></thead><tbody>\n"
        for row in rows.dropFirst() {
            html +=
                "<tr>"
                + row.enumerated().map { index, cell in
                    let text = HTMLText.escape(cell).replacingOccurrences(of: "\n", with: "<br>")
                    return index == 0 ? "<td><code>\(text)</code></td>" : "<td class=\"num\">\(text)</td>"
                }.joined() + "</tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    // MARK: Markdown

    static func markdown(_ tables: [StrategyTable], source: String) -> String {
        var out = ["## Scheduling policies side by side (\(source))", ""]
        out.append(intro.replacingOccurrences(of: "<b>", with: "**").replacingOccurrences(of: "</b>", with: "**"))
        for table in tables {
            out += ["", "### \(table.implementation): \(table.workloadLabel)", ""]
            out += readings(table).map { "- \($0)" }
            out += ["", FigureFormat.markdown(summaryRows(table))]
            if table.hasClasses {
                let rows = classRows(table).map { $0.map { $0.replacingOccurrences(of: "\n", with: "<br>") } }
                out += ["", FigureFormat.markdown(rows)]
            }
            if table.hasMakespan { out += ["", FigureFormat.markdown(makespanRows(table))] }
        }
        if tables.isEmpty {
            out += ["", "No queue in this file ran with two or more policies (`queuelab bench --policy a,b`)."]
        }
        return out.joined(separator: "\n") + "\n"
    }

    // MARK: Content

    static func summaryRows(_ table: StrategyTable) -> [[String]] {
        let referenceName = table.reference ?? "reference"
        var rows = [
            [
                "policy", "samples", "ops/s [95% CI]", "vs \(referenceName) [95% CI]",
                "lowest class, longest wait (worst)",
                "stated bound", "Jain",
            ]
        ]
        for row in table.rows {
            let throughput = row.throughput.map {
                "\(FigureFormat.number($0.median)) [\(FigureFormat.number($0.lower)), \(FigureFormat.number($0.upper))]"
            }
            let ratio = row.throughputRatio.map {
                "\(FigureFormat.ratio($0.ratio)) [\(FigureFormat.ratio($0.lower)), \(FigureFormat.ratio($0.upper))]"
            }
            let wait = row.lowestClassLongestWait.map { median in
                "\(FigureFormat.time(median / 1e9)) (\(row.lowestClassWorstWait.map { FigureFormat.time($0 / 1e9) } ?? "-"))"
            }
            rows.append([
                row.policy, "\(row.samples)", throughput ?? "-",
                ratio ?? (row.policy == table.reference ? "1 (reference)" : "-"), wait ?? "-",
                row.waitBound.map { FigureFormat.time($0 / 1e9) } ?? "-",
                row.jainIndex.map { String(format: "%.3f", $0) } ?? "-",
            ])
        }
        return rows
    }

    /// `makespan`: per policy, the time to finish the graph against the bound no schedule beats.
    static func makespanRows(_ table: StrategyTable) -> [[String]] {
        var rows = [["policy", "makespan", "lower bound", "makespan / bound (worst)"]]
        for row in table.rows {
            guard let figures = row.makespan else {
                rows.append([row.policy, "-", "-", "-"])
                continue
            }
            rows.append([
                row.policy, figures.makespan.map { FigureFormat.time($0 / 1e9) } ?? "-",
                figures.bound.map { FigureFormat.time($0 / 1e9) } ?? "-",
                String(format: "%.3f (%.3f)", figures.overBound, figures.worstOverBound),
            ])
        }
        return rows
    }

    static func classRows(_ table: StrategyTable) -> [[String]] {
        let names = Figure.priorityClasses.filter { name in
            table.rows.contains { row in row.classes.contains { $0.name == name } }
        }
        var rows = [["policy"] + names.map { "\($0): wait p50 / p99 / max; share (weight asks)" }]
        for row in table.rows {
            rows.append(
                [row.policy]
                    + names.map { name in
                        guard let figures = row.classes.first(where: { $0.name == name }) else { return "-" }
                        return classCell(figures)
                    })
        }
        return rows
    }

    static func classCell(_ figures: StrategyClass) -> String {
        let waits = [figures.waitP50, figures.waitP99, figures.waitMax].map { value in
            value.map { FigureFormat.time($0 / 1e9) } ?? "-"
        }.joined(separator: " / ")
        guard let share = figures.share else { return waits }
        let asked = figures.weightShare.map { " (\(percent($0)))" } ?? ""
        return "\(waits)\n\(percent(share))\(asked)"
    }

    static func percent(_ fraction: Double) -> String { String(format: "%.1f%%", fraction * 100) }

    /// The facts a reader wants first, drawn from the table: whose lowest class waited least and
    /// most, who shared closest to its weights, and the throughput cost against the reference.
    static func readings(_ table: StrategyTable) -> [String] {
        var lines: [String] = []
        let waits = table.rows.compactMap { row in row.lowestClassLongestWait.map { (row.policy, $0) } }
        if let least = waits.min(by: { $0.1 < $1.1 }), let most = waits.max(by: { $0.1 < $1.1 }), waits.count >= 2 {
            lines.append(
                "Lowest class's longest wait: least under \(least.0) (\(FigureFormat.time(least.1 / 1e9))), "
                    + "most under \(most.0) (\(FigureFormat.time(most.1 / 1e9))).")
        }
        for row in table.rows {
            guard let bound = row.waitBound, let worst = row.lowestClassWorstWait else { continue }
            lines.append(
                "\(row.policy): worst lowest-class wait \(FigureFormat.time(worst / 1e9)) against its stated bound "
                    + "\(FigureFormat.time(bound / 1e9)) (\(worst <= bound ? "within" : "BEYOND") it).")
        }
        for row in table.rows {
            let deviations = row.classes.compactMap(\.shareDeviation)
            guard !deviations.isEmpty, let largest = deviations.map(abs).max() else { continue }
            lines.append(
                "\(row.policy): shares within \(percent(largest)) of what the weights ask (largest deviation of a class)."
            )
        }
        let makespans = table.rows.compactMap { row in row.makespan.map { (row.policy, $0.overBound) } }
        if let best = makespans.min(by: { $0.1 < $1.1 }), let worst = makespans.max(by: { $0.1 < $1.1 }),
            makespans.count >= 2
        {
            lines.append(
                "Makespan over its lower bound (1 = no schedule is faster): closest under \(best.0) "
                    + String(format: "(%.3f)", best.1) + ", farthest under \(worst.0) "
                    + String(format: "(%.3f)", worst.1) + ".")
        }
        let ratios = table.rows.compactMap { row in
            row.throughputRatio.map { "\(row.policy) \(FigureFormat.ratio($0.ratio))x" }
        }
        if let reference = table.reference, !ratios.isEmpty {
            lines.append("Throughput against \(reference): \(ratios.joined(separator: ", ")).")
        }
        return lines
    }
}
