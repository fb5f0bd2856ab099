import Foundation
import QueueLabBenchmarks
import TestSupport
import TestTiers
import Testing

/// The long tier of `FailClosedTests` (`QUEUELAB_LONG_TESTS=1`): runs the queuelab binary.
extension FailClosedTests {
    /// The same through the command line: the exit statuses a CI job sees.
    @Test(
        .longTier("runs the queuelab binary"), .enabled(if: ToolBinary.queuelab != nil), .timeLimit(.minutes(30))
    )
    func compareExitStatuses() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("queuelab-closed-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        func file(_ name: String, _ records: [SampleRecord]) throws -> String {
            let path = directory.appendingPathComponent(name).path
            try ResultsFile.write(records, to: path)
            return path
        }
        let base = try file(
            "base.csv",
            SyntheticRecords.records(SyntheticRecords.steady, variant: "base")
                + SyntheticRecords.records(SyntheticRecords.steady, variant: "base", workload: "chain"))
        let head = try file("head.csv", SyntheticRecords.records(SyntheticRecords.steady, variant: "head"))
        let five = try file(
            "five.csv", SyntheticRecords.records(Array(SyntheticRecords.steady.prefix(5)), variant: "base"))
        let fiveAgain = try file(
            "five-again.csv", SyntheticRecords.records(Array(SyntheticRecords.steady.prefix(5)), variant: "head"))
        let otherHost = try file(
            "other.csv", SyntheticRecords.records(SyntheticRecords.steady, variant: "head", host: "elsewhere"))
        // Head swings 25 % either way round by round: paired, 57 % detectable with 10 pairs (44 % while
        // the figure's jitter was normal: at 10 pairs the t jitter's width counts most).
        let swinging = try file(
            "swinging.csv",
            SyntheticRecords.records(
                SyntheticRecords.steady.enumerated().map { $1 * ($0 % 2 == 0 ? 1.25 : 0.8) }, variant: "head"))
        let cases: [([String], Int32, String)] = [
            ([base, head], 4, "missing from head"),
            ([head, swinging, "--require-detectable", "10%"], 6, "1 headline row(s) cannot detect 10.0%"),
            ([head, swinging, "--require-detectable", "70%"], 0, ""),
            ([head, swinging, "--require-detectable", "ten"], 2, "--require-detectable must be a percentage above 0"),
            (
                [head, swinging, "--same-within", "ten"], 2,
                "--same-within must be a percentage from 0% to 1000% such as 7%, got 'ten'"
            ),
            ([head, otherHost, "--strict"], 2, "host: base h, head elsewhere"),
            ([head, otherHost], 0, "warning: base and head ran in different environments"),
            ([head, head, "--figure", "allocs_per_op"], 2, "--figure allocs_per_op: no sample in either file"),
            ([base, try file("empty.csv", [])], 2, "empty.csv holds no samples"),
            ([five, fiveAgain, "--require-evidence"], 5, "not enough evidence"),
            ([five, fiveAgain], 0, ""),  // INCONCLUSIVE alone passes unless evidence is required
        ]
        for (arguments, status, message) in cases {
            let outcome = try ChildProcess.run(
                ChildCommand(executable: ToolBinary.queuelab!, arguments: ["compare"] + arguments),
                timeout: .seconds(30))
            #expect(outcome.status == status, "\(arguments): exit \(outcome.status) \(outcome.standardError)")
            if !message.isEmpty {
                #expect(outcome.standardError.contains(message), "\(arguments): \(outcome.standardError)")
            }
        }
    }

    /// A sample that fails (here a "build" that prints no figures) makes bench exit 4, not 0 or 1.
    @Test(
        .longTier("runs the queuelab binary"), .enabled(if: ToolBinary.queuelab != nil), .timeLimit(.minutes(30))
    )
    func aFailedSampleIsNotMeasured() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("queuelab-failed-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = [
            "bench", "--impl", "lock", "--workload", "noop:n=10", "--samples", "1", "--warmup", "0",
            "--variant", "head=/bin/true", "--out-dir", directory.path,
        ]
        let outcome = try ChildProcess.run(
            ChildCommand(executable: ToolBinary.queuelab!, arguments: arguments), timeout: .seconds(30))
        #expect(outcome.status == 4, "exit \(outcome.status): \(outcome.standardError)")
        #expect(outcome.standardError.contains("not measured"), "\(outcome.standardError)")
    }
}
