import Foundation
import QueueLabBenchmarks
import TestSupport
import TestTiers
import Testing

/// `compare --format json|summary` and `report --base` through the built binary (spawns it: long
/// tier).
@Suite(.longTier("runs the queuelab binary"))
struct CompareCommandLineTests {
    static func run(_ arguments: [String]) throws -> ChildOutcome {
        try ChildProcess.run(
            ChildCommand(executable: ToolBinary.queuelab!, arguments: arguments), timeout: .seconds(60))
    }

    /// A fresh directory holding base.csv and head.csv of these records; the caller removes it.
    static func files(_ name: String, base: [SampleRecord], head: [SampleRecord]) throws -> (
        directory: URL, base: String, head: String
    ) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("queuelab-\(name)-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let paths = (
            directory.appendingPathComponent("base.csv").path, directory.appendingPathComponent("head.csv").path
        )
        try ResultsFile.write(base, to: paths.0)
        try ResultsFile.write(head, to: paths.1)
        return (directory, paths.0, paths.1)
    }

    @Test(.enabled(if: ToolBinary.queuelab != nil), .timeLimit(.minutes(30)))
    func jsonAndSummaryThroughTheCommandLine() throws {
        let steady = SyntheticRecords.steady
        let (directory, base, head) = try Self.files(
            "json", base: SyntheticRecords.records(steady, variant: "base"),
            head: SyntheticRecords.records(steady.map { $0 * 0.8 }, variant: "head"))
        defer { try? FileManager.default.removeItem(at: directory) }

        let json = try Self.run(["compare", base, head, "--format", "json"])
        #expect(json.status == 1, "a regression still exits 1: \(json.standardError)")
        let document = try ComparisonDocument.decoder().decode(
            ComparisonDocument.self, from: Data(json.standardOutput.utf8))
        #expect(document.rows.count == 1 && document.rows[0].verdict == "REGRESSION")
        #expect(document.rule.threshold == 0.07)

        let summary = try Self.run(["compare", base, head, "--format", "summary", "--threshold", "5%"])
        #expect(summary.status == 1)
        #expect(summary.standardOutput.split(separator: "\n").count == 1, "\(summary.standardOutput)")
        #expect(summary.standardOutput.hasPrefix("QueueLab compare: REGRESSION; 1 rows: 1 REGRESSION"))
    }

    /// Issue 28 point 8: report --base warns on a mismatched environment as compare does, and
    /// refuses it with --strict (exit 2, one line, no page written).
    @Test(.enabled(if: ToolBinary.queuelab != nil), .timeLimit(.minutes(30)))
    func reportWarnsOnMismatchedMetadataAndRefusesWithStrict() throws {
        let steady = SyntheticRecords.steady
        let (directory, base, head) = try Self.files(
            "meta", base: SyntheticRecords.records(steady, variant: "base"),
            head: SyntheticRecords.records(steady, variant: "head", host: "elsewhere"))
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("r.html").path

        let warned = try Self.run(["report", head, "--base", base, "--out", page])
        #expect(warned.status == 0, "\(warned.standardError)")
        #expect(
            warned.standardError.contains(
                "warning: base and head ran in different environments: host: base h, head elsewhere"))
        #expect(FileManager.default.fileExists(atPath: page))
        try FileManager.default.removeItem(atPath: page)

        let refused = try Self.run(["report", head, "--base", base, "--out", page, "--strict"])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("(--strict): host: base h, head elsewhere"))
        #expect(refused.standardError.split(separator: "\n").count == 1, "\(refused.standardError)")
        #expect(!FileManager.default.fileExists(atPath: page))
    }

    /// Every argument error is one line on standard error and exit 2, the parser's own included.
    @Test(.enabled(if: ToolBinary.queuelab != nil), .timeLimit(.minutes(30)))
    func argumentErrorsAreOneLine() throws {
        for arguments in [
            ["bench", "--frob"], ["bench", "--samples"], ["conform", "--level", "fast"], ["gate"],
            ["compare", "a.csv"], ["gate", "main", "--out", "x"], ["bench", "--policy", ","],
            ["compare", "a.csv", "b.csv", "--threshold", "0.10"],
        ] {
            let outcome = try Self.run(arguments)
            #expect(outcome.status == 2, "\(arguments): exit \(outcome.status)")
            #expect(outcome.standardError.hasPrefix("error: "), "\(arguments): \(outcome.standardError)")
            #expect(outcome.standardError.split(separator: "\n").count == 1, "\(arguments): \(outcome.standardError)")
            #expect(!outcome.standardError.contains("USAGE"), "\(arguments)")
        }
    }

    /// A user's tool built on QueueLabTool names itself in usage, examples and hints, not `queuelab`.
    @Test(.enabled(if: ToolBinary.example != nil), .timeLimit(.minutes(30)))
    func aUsersToolIsNamedAfterItsExecutable() throws {
        for command in ["bench", "compare", "gate", "conform", "trace", "report", "list", "all"] {
            let help = try ChildProcess.run(
                ChildCommand(executable: ToolBinary.example!, arguments: ["help", command]),
                timeout: .seconds(60))
            #expect(help.status == 0, "\(command)")
            #expect(help.standardOutput.contains("USAGE: queuelab-example \(command)"), "\(command)")
            #expect(!help.standardOutput.contains("queuelab \(command)"), "\(command): \(help.standardOutput)")
        }
    }
}
