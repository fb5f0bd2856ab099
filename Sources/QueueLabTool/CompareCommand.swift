import ArgumentParser
import Foundation
import QueueLabBenchmarks

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two benchmark CSVs: medians, Hodges-Lehmann ratio, Mann-Whitney U with Holm, verdicts.",
        discussion: """
            Example: queuelab compare results/base.csv results/head.csv --threshold 0.10 --format markdown
            Exit status:
              0  no regression found (the headline says "not enough evidence" when rows are INCONCLUSIVE)
              1  at least one REGRESSION
              2  bad input: unreadable, empty or malformed CSV (a truncated last row, a number that is not decimal,
                 a zero or negative wall time or throughput), bad option, a --figure neither file has, or
                 with --strict base and head measured on different hosts, cores, Swift versions, build
                 configurations or allocators (without --strict: a warning)
              4  not measured: a cell (implementation, policy, workload, parameters) of base is missing from head,
                 because its samples failed, hung or never ran; takes precedence over 1
              5  with --require-evidence: no regression, but a comparison is INCONCLUSIVE (too few samples,
                 or an interval too wide to tell a change of the threshold from none)
              6  with --require-detectable X%: no regression, but a headline row (the ops_per_s figure of a
                 cell) could not detect a change of X% with 80% power; the message names the rows
            Cells: samples are grouped by implementation, scheduling policy (the CSV's policy column; empty for
            foundation, dispatch and runs without --policy, and in CSVs written before the column), workload and
            parameters; a row names the queue as lock[aging:step=1ms].
            Design: cells of base and head from one interleaved bench run are paired by round (Wilcoxon
            signed-rank on log ratios); others are compared unpaired (Mann-Whitney U). Each row prints its
            design and its detectable effect (80% power, Holm's strictest level, simulated with the row's
            own test at its sample size).
            Ranges: --threshold and --same-within 0 to 10; --require-detectable above 0 and at most 100000%.
            Verdicts: REGRESSION / IMPROVEMENT need p < 0.05 after Holm and a change beyond the threshold;
            SAME when the 95% interval lies within --same-within (default: the threshold) or the change is
            significant but under the threshold; INCONCLUSIVE with fewer than 6 samples a side or a wide interval.
            """
    )

    /// A cell of base that head lacks: the gate cannot vouch for what it did not measure.
    static let notMeasuredStatus: Int32 = 4

    @Argument(help: "The base CSV.")
    var base: String

    @Argument(help: "The head CSV.")
    var head: String

    @Option(help: "Practical floor: a smaller change is never a regression (0.10 = 10%).")
    var threshold = "0.10"

    @Option(
        help: ArgumentHelp(
            "SAME only when the 95% interval lies within this either way (0.10 = 10%); default: the threshold.",
            valueName: "fraction"))
    var sameWithin: String?

    @Option(help: "text or markdown.")
    var format = "text"

    @Option(
        name: .customLong("figure"),
        help: "Figure column to judge (repeatable); default: \(Figure.judgedByDefault.joined(separator: ", ")).")
    var figures: [String] = []

    @Flag(help: "Exit 5 when nothing regressed but a comparison is INCONCLUSIVE: no evidence is not a pass.")
    var requireEvidence = false

    /// Nothing regressed, and nothing was shown not to (`--require-evidence`).
    static let notEnoughEvidenceStatus: Int32 = 5

    @Option(
        help: ArgumentHelp(
            "Exit 6 when a headline row (ops_per_s of a cell) cannot detect this change with 80% power, e.g. 10%.",
            valueName: "percent"))
    var requireDetectable: String?

    /// Nothing regressed, but a headline row was too noisy to have seen a regression of the asked size.
    static let undetectableStatus: Int32 = 6

    @Flag(help: "Compare as independent samples (Mann-Whitney U) even where the CSVs pair by round.")
    var unpaired = false

    @Flag(help: "Refuse (exit 2) when base and head ran on different hosts, cores, toolchains, builds or allocators.")
    var strict = false

    func run() throws {
        guard let format = ReportFormat(rawValue: format) else { fail("--format must be text or markdown") }
        // Parsed here rather than by ArgumentParser so that a bad value exits 2 like other bad input.
        let threshold = fractionOption(threshold, named: "--threshold")
        let margin = sameWithin.map { fractionOption($0, named: "--same-within") }
        let detectableLimit = requireDetectable.map { text in
            guard let limit = Percent.parse(text) else {
                fail("--require-detectable must be a percentage \(Percent.range) such as 10%, got '\(text)'")
            }
            return limit
        }
        if let unknown = figures.first(where: { Figure.byColumn[$0] == nil }) {
            fail("unknown figure '\(unknown)'; valid: \(Figure.all.map(\.column).joined(separator: ", "))")
        }
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
        for difference in EnvironmentMismatch.differences(base: baseRecords, head: headRecords) {
            if strict { fail("base and head ran in different environments (--strict): \(difference)") }
            FileHandle.standardError.write(
                Data("warning: base and head ran in different environments: \(difference)\n".utf8))
        }
        let report = Comparison.compare(
            base: baseRecords, head: headRecords, figures: figures.isEmpty ? Figure.judgedByDefault : figures,
            rule: VerdictRule(threshold: threshold, sameWithin: margin), pairing: !unpaired)
        if report.rows.isEmpty && report.isComplete {
            fail("no implementation and workload is present in both files")
        }
        print(report.rendered(format))
        if !report.isComplete {
            FileHandle.standardError.write(
                Data("error: \(report.missingFromHead.count) cell(s) of base missing from head: not measured\n".utf8))
            throw ExitCode(Self.notMeasuredStatus)
        }
        if report.hasRegression { throw ExitCode(1) }
        if requireEvidence && report.count(.inconclusive) > 0 {
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
