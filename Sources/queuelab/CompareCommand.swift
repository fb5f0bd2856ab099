import ArgumentParser
import Foundation
import QueueLabBenchmarks

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two benchmark CSVs: medians, Hodges-Lehmann ratio, Mann-Whitney U with Holm, verdicts.",
        discussion: """
            Example: queuelab compare results/base.csv results/head.csv --threshold 0.10 --format markdown
            Exit status: 0 no regression, 1 at least one REGRESSION, 2 bad input (unreadable or malformed CSV,
            bad option). Verdicts: REGRESSION / IMPROVEMENT need p < 0.05 after Holm and a change beyond the
            threshold; SAME when the change is within it; INCONCLUSIVE with fewer than 6 samples a side or a
            wide interval.
            """
    )

    @Argument(help: "The base CSV.")
    var base: String

    @Argument(help: "The head CSV.")
    var head: String

    @Option(help: "Practical floor: a smaller change is never a regression (0.10 = 10%).")
    var threshold = "0.10"

    @Option(help: "text or markdown.")
    var format = "text"

    @Option(
        name: .customLong("figure"),
        help: "Figure column to judge (repeatable); default: \(Figure.judgedByDefault.joined(separator: ", ")).")
    var figures: [String] = []

    func run() throws {
        guard let format = ReportFormat(rawValue: format) else { fail("--format must be text or markdown") }
        // Parsed here rather than by ArgumentParser so that a bad value exits 2 like other bad input.
        guard let threshold = Double(threshold), threshold >= 0, threshold.isFinite else {
            fail("--threshold must be a non-negative number such as 0.10")
        }
        if let unknown = figures.first(where: { Figure.byColumn[$0] == nil }) {
            fail("unknown figure '\(unknown)'; valid: \(Figure.all.map(\.column).joined(separator: ", "))")
        }
        let baseRecords: [SampleRecord]
        let headRecords: [SampleRecord]
        do {
            baseRecords = try ResultsFile.read(base)
            headRecords = try ResultsFile.read(head)
        } catch {
            fail(error.description)
        }
        let report = Comparison.compare(
            base: baseRecords, head: headRecords, figures: figures.isEmpty ? Figure.judgedByDefault : figures,
            rule: VerdictRule(threshold: threshold))
        if report.rows.isEmpty { fail("no implementation and workload is present in both files") }
        print(report.rendered(format))
        if report.hasRegression { throw ExitCode(1) }
    }

    /// Bad input: one line on standard error, exit status 2.
    func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        Foundation.exit(2)
    }
}
