import Foundation
import QueueLabBenchmarks

/// `queuelab report`: one self-contained HTML page (inline SVG and CSS, no script, no network) that
/// shows a benchmark run at a glance, and with a base run, the verdicts of the comparison.
public struct HTMLReport: Sendable {
    /// The samples of the run the page shows.
    public let run: [SampleRecord]
    /// The samples of the run to compare against; nil: no comparison section.
    public let base: [SampleRecord]?
    /// Where the run came from (file names), shown in the header.
    public let runSource: String
    /// Where the base run came from (file names), shown in the comparison's introduction; nil: `base`.
    public let baseSource: String?
    /// The rule that turns each compared figure into a verdict (REGRESSION, IMPROVEMENT, SAME,
    /// INCONCLUSIVE); unused without ``base``.
    public let rule: VerdictRule
    /// The policy specification the strategies view measures throughput cost against (`strict`,
    /// as the caller spells it); nil: no cost column.
    public let referencePolicy: String?
    /// Traced runs to show where their time went (one, or two side by side); none: no explain section.
    public let explanations: [RunExplanation]

    /// A report on `run`, compared with `base` when one is given; every argument is kept as it is.
    public init(
        run: [SampleRecord], runSource: String, base: [SampleRecord]? = nil, baseSource: String? = nil,
        rule: VerdictRule = VerdictRule(), referencePolicy: String? = nil, explanations: [RunExplanation] = []
    ) {
        self.run = run
        self.runSource = runSource
        self.base = base
        self.baseSource = baseSource
        self.rule = rule
        self.referencePolicy = referencePolicy
        self.explanations = explanations
    }

    /// The strategies view's tables: each queue that ran a workload under two or more policies.
    package var strategyTables: [StrategyTable] {
        StrategyTable.tables(ReportCell.cells(from: run), reference: referencePolicy ?? "")
    }

    /// The strategies view alone, as Markdown (`queuelab report --markdown`).
    public func strategiesMarkdown() -> String {
        // The simulated curves first, as on the page: their table answers "which policy at width N".
        let simulated = SimulatedCurvesSection.markdown(SimulatedCurves.all(run))
        let strategies = StrategiesSection.markdown(strategyTables, source: runSource)
        return simulated.isEmpty ? strategies : simulated + "\n" + strategies
    }

    /// The `id`s of the page's sections, in order: what a test (or a link) can rely on.
    public enum Section: String, CaseIterable, Sendable {
        case summary, comparison, strategies, explain, throughput, latency, chain, load, method
    }

    /// The whole page as one HTML document, its sections in the order of ``Section``: the comparison
    /// only with ``base``, the strategies and explain sections only when there is something to show.
    public func render() -> String {
        let cells = ReportCell.cells(from: run)
        let palette = ImplementationPalette(cells.map(\.queueLabel) + (base ?? []).map(\.queueLabel))
        var body: [String] = []
        body.append(header(cells, palette: palette))
        if let base {
            let report = Comparison.compare(base: base, head: run, rule: rule)
            body.append(
                section(
                    .comparison, "Comparison with the base run",
                    intro:
                        "Each row compares one figure of one implementation and workload between the base run (\(HTMLText.escape(baseSource ?? "base"))) and this run. "
                        + "<b>REGRESSION</b> and <b>IMPROVEMENT</b> need a significant difference (Wilcoxon signed-rank on per-round log ratios where base and head ran back to back in one run, else Mann-Whitney U; Holm-corrected, p &lt; \(FigureFormat.pValue(rule.alpha))) "
                        + "larger than \(Percent.format(rule.threshold)); <b>SAME</b> means the 95% interval lies within \(Percent.format(rule.margin)) either way (or the change is significant but smaller than \(Percent.format(rule.threshold))); <b>INCONCLUSIVE</b> means too few samples (fewer than \(rule.minimumSamples) a side) or too much spread: collect more. "
                        + "<b>detectable</b> is the smallest change the row would find with 80% power (at Holm's strictest level); a row that cannot see a change of the threshold proves little by passing.",
                    content: ComparisonTable.render(report)))
        }
        let strategies = StrategyTable.tables(cells, reference: referencePolicy ?? "")
        let simulated = SimulatedCurves.all(run)
        if !strategies.isEmpty || !simulated.isEmpty {
            body.append(
                section(
                    .strategies, "Scheduling policies side by side", intro: StrategiesSection.intro,
                    content: SimulatedCurvesSection.html(simulated) + StrategiesSection.html(strategies)))
        }
        if !explanations.isEmpty { body.append(explainSection()) }
        let baseCells = base.map(ReportCell.cells(from:)) ?? []
        let throughput = ThroughputChart.panels(cells, base: baseCells, palette: palette)
        body.append(
            section(
                .throughput, "Throughput per workload",
                intro:
                    "Operations per second, higher is better. With a base run, each implementation has two bars: base (faded) above head. The bar is the median over samples (one process each); the black whisker is the 95% confidence interval of that median "
                    + "(order statistics; with 5 samples it spans their minimum to maximum, 94% coverage). Every panel has its own scale from zero: compare bars within a panel. The fastest implementation's name is bold.",
                content: grid(throughput, empty: "No sample in this file has an operations-per-second figure.")))
        let latency = LatencyChart.panels(cells, base: baseCells, palette: palette)
        body.append(
            section(
                .latency, "Latency percentiles",
                intro:
                    "Time from adding an operation to its finish, at the 50th, 90th, 99th and 99.9th percentile and the maximum (median over samples, vertical whisker: its 95% interval), on a log scale; lower is better. With a base run, the base curve is dashed beside the head curve. "
                    + "A curve that climbs steeply to the right has a long tail: most operations are quick, a few wait much longer.",
                content: grid(latency, empty: "No sample in this file recorded latencies.")))
        let chainPoints = ChainScalingChart.points(cells)
        let lengths = Set(chainPoints.map(\.length))
        var chainNote = ""
        if lengths.count == 1 {
            chainNote =
                "<p class=\"note\">This file holds chains of a single length, so each implementation is one point, not a curve. "
                + "Sample several lengths to draw the curve, for example: <code>queuelab bench --workload chain:n=1000 --workload chain:n=10000 --workload chain:n=100000</code>.</p>"
        }
        body.append(
            section(
                .chain, "Chain scaling",
                intro:
                    "A chain of n operations, each waiting for the previous one: wall time per operation against n, both on log scales (vertical bars: 95% interval of the median; with a base run, the base curve is dashed). "
                    + "A flat line means each release costs the same however long the chain; a line rising with slope 1 means the cost per operation grows with n (quadratic in total).",
                content: (ChainScalingChart.chart(cells, base: baseCells, palette: palette)
                    ?? "<p>No chain workload in this file.</p>")
                    + chainNote))
        body.append(loadSection(palette: palette))
        body.append(section(.method, "How these figures were made", intro: method(cells), content: ""))
        return page(body.joined(separator: "\n"))
    }

    func header(_ cells: [ReportCell], palette: ImplementationPalette) -> String {
        func distinct(_ key: (SampleRecord) -> String) -> String {
            Array(Set(run.map(key))).sorted().joined(separator: ", ")
        }
        let timestamps = run.map(\.timestamp).sorted()
        let samples = cells.map(\.records.count)
        var html = "<header id=\"\(Section.summary.rawValue)\"><h1>QueueLab benchmark report</h1>\n"
        html +=
            "<p class=\"lede\">How fast each operation-queue implementation ran each workload. QueueLab runs the same work on every queue "
            + "(NSOperationQueue semantics), one fresh process per sample, and reports the median with its uncertainty.</p>\n"
        html += "<dl class=\"meta\">"
        let rows: [(String, String)] = [
            ("run", runSource + (baseSource.map { ", compared with base \($0)" } ?? "")),
            (
                "samples",
                "\(run.count) in \(cells.count) cells (\(samples.min() ?? 0) to \(samples.max() ?? 0) per implementation and workload)"
            ),
            ("when", timestamps.isEmpty ? "-" : "\(timestamps.first!) to \(timestamps.last!)"),
            (
                "machine",
                "host \(distinct(\.host)), \(distinct { String($0.cores) }) cores, Swift \(distinct(\.swiftVersion)), \(distinct(\.buildConfiguration)) build, \(distinct(\.allocator)) allocator"
            ),
            ("commit", distinct(\.gitCommit)),
        ]
        for (term, value) in rows { html += "<dt>\(term)</dt><dd>\(HTMLText.escape(value))</dd>" }
        html += "</dl>\n<p class=\"legend\">"
        html += palette.names.map { name in
            "<span class=\"swatch\" style=\"background:\(palette.colour(name))\"></span>\(HTMLText.escape(name))"
        }.joined(separator: " &nbsp; ")
        html += "</p></header>"
        return html
    }

    func method(_ cells: [ReportCell]) -> String {
        "Medians are over samples, one sample per fresh process, because on a shared machine the same binary's median moves from one process to the next, often by more than the change looked for. "
            + "Throughput is operations divided by the wall time from creating the first operation to the drained queue. "
            + "Latencies come from HdrHistogram, recorded for a subset of operations (one in 64 by default). "
            + "Foundation's chain, dag and fanout run capped sizes (its scheduling is quadratic), so they appear as their own workloads. "
            + "Column meanings: the QueueLabBenchmarks documentation, article “File formats”."
    }

    func section(_ section: Section, _ title: String, intro: String, content: String) -> String {
        "<section id=\"\(section.rawValue)\"><h2>\(HTMLText.escape(title))</h2><p class=\"intro\">\(intro)</p>\n\(content)\n</section>"
    }

    func grid(_ panels: [String], empty: String) -> String {
        guard !panels.isEmpty else { return "<p>\(HTMLText.escape(empty))</p>" }
        return "<div class=\"grid\">" + panels.map { "<figure>\($0)</figure>" }.joined(separator: "\n") + "</div>"
    }

    func page(_ body: String, title: String? = nil) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTMLText.escape(title ?? "QueueLab benchmark report: \(runSource)"))</title>
        <style>
        \(Self.stylesheet)
        </style>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }

    static let stylesheet = """
        body { font-family: -apple-system, "Segoe UI", "DejaVu Sans", Helvetica, Arial, sans-serif; margin: 20px 24px; color: #222; max-width: 1400px; }
        h1 { margin: 0 0 6px; font-size: 26px; }
        h2 { margin: 34px 0 6px; font-size: 20px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
        .lede, .intro { max-width: 1100px; line-height: 1.45; color: #333; }
        .note { background: #fff8e1; border-left: 4px solid #E69F00; padding: 6px 10px; max-width: 1100px; }
        dl.meta { display: grid; grid-template-columns: max-content auto; gap: 2px 14px; font-size: 14px; }
        dl.meta dt { font-weight: bold; color: #555; }
        dl.meta dd { margin: 0; }
        .legend { font-size: 14px; }
        .swatch { display: inline-block; width: 14px; height: 14px; margin-right: 5px; vertical-align: -2px; border-radius: 2px; }
        .grid { display: flex; flex-wrap: wrap; gap: 12px; }
        figure { margin: 0; border: 1px solid #e5e5e5; border-radius: 4px; background: #fff; }
        svg.chart { display: block; font-family: inherit; }
        table.comparison { border-collapse: collapse; font-size: 13px; }
        table.strategies { margin: 6px 0 14px; }
        ul.readings { max-width: 1100px; line-height: 1.45; }
        table.comparison th, table.comparison td { border: 1px solid #ddd; padding: 4px 7px; text-align: left; vertical-align: top; }
        table.comparison th { background: #f3f3f3; }
        td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        td.verdict { font-weight: bold; }
        small { color: #666; }
        .badge { display: inline-block; padding: 2px 8px; border-radius: 10px; font-weight: bold; font-size: 13px; }
        .verdict-regression { background: #fbd5d2; } .verdict-regression td.verdict, .badge.verdict-regression { color: #9b1c12; }
        .verdict-improvement { background: #d4f0dc; } .verdict-improvement td.verdict, .badge.verdict-improvement { color: #11652e; }
        .verdict-same { background: #f4f4f4; } .verdict-same td.verdict, .badge.verdict-same { color: #555; }
        .verdict-inconclusive { background: #fff1c9; } .verdict-inconclusive td.verdict, .badge.verdict-inconclusive { color: #7a5600; }
        code { background: #f4f4f4; padding: 1px 4px; border-radius: 3px; }
        h3 { margin: 18px 0 6px; font-size: 16px; }
        .explain-runs { display: grid; grid-template-columns: repeat(auto-fit, minmax(640px, 1fr)); gap: 16px; }
        .explain-run figure { margin: 0 0 10px; display: inline-block; }
        """
}
