import ArgumentParser
import Foundation
import QueueLabBenchmarks
import QueueLabInvestigation
import QueueLabRegistry

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write one self-contained HTML page of a benchmark CSV: charts, and verdicts against a base run.",
        discussion: """
            The page has inline SVG and CSS only (no script, no network): throughput per implementation and workload with confidence whiskers, latency percentile curves (p50 to max, log scale), the chain scaling curve (log-log), and with --base the comparison table of compare, coloured by verdict. Open it in any browser, attach it to a CI run, or mail it.

            Cells are grouped by implementation, scheduling policy (the CSV's policy column), workload and parameters. When a queue ran a workload under two or more policies (bench --policy), the page opens with the strategies view: per queue and workload, each policy side by side (throughput and its cost against --reference-policy, the lowest class's longest wait and a bounded-wait policy's stated bound, per-class wait p50/p99/max, each class's share of the starts against what its weight asks, Jain's fairness index). --markdown writes that view as Markdown too.

            With --explain (a file written by trace --format transitions; twice to show two runs side by side), the page gets a section on where each traced run's time went, as explain --format html draws it: each queue's utilisation over time (width in use, slot-time free while work was ready, free while an add call was in progress), the critical path link by link with each link's phases, and the phase split per priority and per queue; with two, the table of B/A.

            With --base, a base measured on a different host, cores, Swift version, build configuration or allocator gets a warning on standard error, as in compare; --strict refuses it.

            \(HelpText.examples(["\(ToolName.current) report results/reference-linux-2core.csv --out report.html", "\(ToolName.current) report head.csv --base base.csv --out gate.html --threshold 15%", "\(ToolName.current) report results/strategies/lock.csv --out lock.html --markdown lock.md", "\(ToolName.current) report run.csv --explain a.txt --explain b.txt --out r.html"]))

            \(HelpText.exitStatus([(0, "page written (a regression in the comparison does not change the exit status: compare is the gate)"), (2, "bad input: an unreadable or malformed CSV, an unreadable or malformed --explain trace, more than two --explain, a bad option, an unknown --reference-policy, an unwritable output, or with --strict a mismatched environment"), (74, "the work was done but its output (a file, or standard output) could not be written")]))

            A file output is written whole at the end: a regular file (or a new path) replaced atomically, a device, FIFO or socket written through, never replaced, a symbolic link followed.
            """
    )

    @Argument(help: ArgumentHelp("The benchmark CSV to show (written by bench).", valueName: "run.csv"))
    var runCSV: String

    @Option(
        help: ArgumentHelp(
            "A base CSV to compare with (same implementations and workloads); adds the verdict table.",
            valueName: "base.csv"))
    var base: String?

    @Option(help: ArgumentHelp("The HTML file to write, e.g. report.html.", valueName: "file.html"))
    var out: String

    @OptionGroup(title: "Judgement (with --base)") var judgement: JudgementOptions
    @OptionGroup(title: "Environment (with --base)") var environment: EnvironmentOptions

    @Option(
        help: ArgumentHelp(
            "Also write the strategies view (policies side by side) as Markdown to this file.", valueName: "view.md"))
    var markdown: String?

    @Option(help: "The policy the strategies view measures throughput cost against.")
    var referencePolicy = "strict"

    @Option(
        name: .customLong("explain"),
        help: ArgumentHelp(
            "A file written by trace --format transitions: adds where its time went; give two to set them side by side.",
            valueName: "file"))
    var explainTraces: [String] = []

    func validate() throws {
        guard explainTraces.count <= 2 else {
            throw ValidationError("report shows two traced runs at most, got \(explainTraces.count) --explain")
        }
        try OutputPath.check(out, option: "--out")
        if let markdown { try OutputPath.check(markdown, option: "--markdown") }
    }

    func run() throws {
        let rule = try judgement.rule()
        let reference: String
        do {
            let specifications = try ToolImplementations.registry.policySpecifications([referencePolicy])
            guard specifications.count == 1 else { fail("--reference-policy takes one policy") }
            reference = specifications[0]
        } catch {
            fail("--reference-policy: \(error)")
        }
        let runRecords = read(runCSV)
        guard !runRecords.isEmpty else { fail("\(runCSV) holds no samples") }
        let baseRecords = base.map(read)
        if let baseRecords { environment.check(base: baseRecords, head: runRecords) }
        let report = HTMLReport(
            run: runRecords, runSource: (runCSV as NSString).lastPathComponent, base: baseRecords,
            baseSource: base.map { ($0 as NSString).lastPathComponent },
            rule: rule, referencePolicy: reference,
            explanations: explainTraces.map { RunExplanation(TraceFile.read($0)) })
        for (path, text) in [(out, report.render())] + (markdown.map { [($0, report.strategiesMarkdown())] } ?? []) {
            do {
                try OutputFile.write(Data(text.utf8), to: path)
            } catch {
                OutputFailure.exit(error)
            }
        }
        if let markdown { print("wrote \(markdown) (strategies view, \(report.strategyTables.count) tables)") }
        print("wrote \(out) (\(runRecords.count) samples\(baseRecords.map { ", base \($0.count) samples" } ?? ""))")
    }

    func read(_ path: String) -> [SampleRecord] {
        do {
            return try ResultsFile.read(path)
        } catch {
            fail(error.description)
        }
    }

    /// Bad input: one line on standard error, exit status 2 (as `compare`).
    func fail(_ message: String) -> Never {
        exitBadInput(message)
    }
}
