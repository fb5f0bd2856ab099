import ArgumentParser
import Foundation
import QueueLabBenchmarks

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two benchmark CSVs: medians, Hodges-Lehmann ratio, Mann-Whitney U with Holm, verdicts.",
        discussion: """
            Cells: samples are grouped by implementation, scheduling policy (the CSV's policy column; empty for foundation, dispatch and runs without --policy), workload and parameters; a row names the queue as lock[aging:step=1ms].

            Design: cells of base and head from one interleaved bench run are paired by round (Wilcoxon signed-rank on log ratios); others are compared unpaired (Mann-Whitney U). Each row prints its design and its detectable effect (80% power at Holm's strictest level, simulated with the row's own test at its sample size).

            Verdicts: REGRESSION or IMPROVEMENT needs p < 0.05 after Holm and a change beyond --threshold; SAME when the 95% interval lies within --same-within or the change is significant but under the threshold; INCONCLUSIVE with fewer than 6 samples a side or a wide interval.

            Formats: text and markdown print the table; json prints every row with its medians, ratio, interval, p-values, verdict and detectable effect, and the summary line (schema: the DocC article Comparing runs in scripts); summary prints only that line, fit for a CI annotation.

            Base and head measured on different hosts, cores, Swift versions, build configurations or allocators get a warning on standard error; --strict refuses them.

            \(HelpText.examples(["\(ToolName.current) compare results/base.csv results/head.csv", "\(ToolName.current) compare base.csv head.csv --threshold 5% --format markdown", "\(ToolName.current) compare base.csv head.csv --format json > verdicts.json"]))

            \(HelpText.exitStatus([(0, "no regression found (the headline says \"not enough evidence\" when rows are INCONCLUSIVE)"), (1, "at least one REGRESSION"), (2, "bad input: an unreadable, empty or malformed CSV (a truncated last row, a number that is not decimal, a zero or negative wall time or throughput), a bad option, a --figure neither file has, or with --strict a mismatched environment"), (4, "not measured: a cell of base is missing from head (its samples failed, hung or never ran); takes precedence over 1"), (5, "with --require-evidence: no regression, but a comparison is INCONCLUSIVE"), (6, "with --require-detectable X%: no regression, but a headline row (the ops_per_s figure of a cell) could not detect a change of X% with 80% power; the message names the rows"), (74, "the work was done but its output (a file, or standard output) could not be written")]))
            """
    )

    /// A cell of base that head lacks: the gate cannot vouch for what it did not measure.
    static let notMeasuredStatus: Int32 = 4

    @Argument(help: "The base CSV.")
    var base: String

    @Argument(help: "The head CSV.")
    var head: String

    @OptionGroup(title: "Judgement") var judgement: JudgementOptions
    @OptionGroup(title: "Evidence") var evidence: EvidenceOptions
    @OptionGroup(title: "Figures") var figureOptions: FigureOptions
    @OptionGroup(title: "Environment") var environment: EnvironmentOptions

    @Option(help: "text or markdown (the table), json (every row), or summary (one line).")
    var format = CompareFormat.text

    /// Nothing regressed, and nothing was shown not to (`--require-evidence`).
    static let notEnoughEvidenceStatus: Int32 = 5

    /// Nothing regressed, but a headline row was too noisy to have seen a regression of the asked size.
    static let undetectableStatus: Int32 = 6

    @Flag(help: "Compare as independent samples (Mann-Whitney U) even where the CSVs pair by round.")
    var unpaired = false

    func run() throws {
        let rule = try judgement.rule()
        let detectableLimit = try evidence.detectableLimit()
        let figures = figureOptions.columns
        let baseRecords: [SampleRecord]
        let headRecords: [SampleRecord]
        do {
            // Only the judged figures are kept: memory grows with the samples, not with every column.
            let judged = Set(figures.isEmpty ? Figure.judgedByDefault : figures)
            baseRecords = try ResultsFile.read(base, keeping: judged)
            headRecords = try ResultsFile.read(head, keeping: judged)
        } catch {
            fail(error.description)
        }
        for (path, records) in [(base, baseRecords), (head, headRecords)] where records.isEmpty {
            fail("\(path) holds no samples")
        }
        for figure in figures {
            let inBase = baseRecords.contains { $0.figures[figure] != nil }
            let inHead = headRecords.contains { $0.figures[figure] != nil }
            if !inBase || !inHead {
                let whereMissing = !inBase && !inHead ? "either file" : (inBase ? head : base)
                fail("--figure \(figure): no sample in \(whereMissing) has a value for it")
            }
        }
        environment.check(base: baseRecords, head: headRecords)
        let report = Comparison.compare(
            base: baseRecords, head: headRecords, figures: figures.isEmpty ? Figure.judgedByDefault : figures,
            rule: rule, pairing: !unpaired)
        if report.rows.isEmpty && report.isComplete {
            fail("no implementation and workload is present in both files")
        }
        switch format {
        case .text: print(report.rendered(.text))
        case .markdown: print(report.rendered(.markdown))
        case .json: print(try report.json())
        case .summary: print(report.summaryLine)
        }
        if !report.isComplete {
            FileHandle.standardError.write(
                Data("error: \(report.missingFromHead.count) cell(s) of base missing from head: not measured\n".utf8))
            throw ExitCode(Self.notMeasuredStatus)
        }
        if report.hasRegression { throw ExitCode(1) }
        if evidence.requireEvidence && report.count(.inconclusive) > 0 {
            FileHandle.standardError.write(
                Data("error: \(report.headline) (--require-evidence)\n".utf8))
            throw ExitCode(Self.notEnoughEvidenceStatus)
        }
        if let limit = detectableLimit {
            let blind = report.undetectable(beyond: limit)
            if !blind.isEmpty {
                let names = blind.map {
                    "\($0.cellKey) (\(FigureFormat.detectable($0.detectable)))"
                }
                FileHandle.standardError.write(
                    Data(
                        ("error: \(blind.count) headline row(s) cannot detect \(FigureFormat.detectable(limit)) "
                            + "(--require-detectable): \(names.joined(separator: ", "))\n").utf8))
                throw ExitCode(Self.undetectableStatus)
            }
        }
    }

    /// Bad input: one line on standard error, exit status 2.
    func fail(_ message: String) -> Never {
        exitBadInput(message)
    }
}
