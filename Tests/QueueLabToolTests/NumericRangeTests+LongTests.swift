import ArgumentParser
import Foundation
import TestSupport
import TestTiers
import Testing

@testable import QueueLabBenchmarks
@testable import QueueLabTool

/// The long tier of `NumericRangeTests` (`QUEUELAB_LONG_TESTS=1`): runs the queuelab binary and child processes.
extension NumericRangeTests {
    /// Through the command line, each crashing input of issue 28: exit 2, one line on standard error.
    @Test(
        .longTier("runs the queuelab binary and child processes"), .enabled(if: ToolBinary.queuelab != nil),
        .timeLimit(.minutes(30)))
    func crashingInputsExitTwoWithOneLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("queuelab-ranges-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = directory.appendingPathComponent("a.csv").path
        try ResultsFile.write(SyntheticRecords.records([1, 2, 3, 4, 5, 6], variant: "base"), to: csv)
        let cases: [([String], String)] = [
            (["gate", "main", "--budget", "2562047788015216h"], "--budget must be a duration from 1s to 7 days"),
            (["gate", "main", "--until-detectable", "1e19%"], "--until-detectable must be a percentage"),
            (["gate", "main", "--samples", "-1"], "--samples must be 6 to 100000, got -1"),
            (
                [
                    "bench", "--impl", "lock", "--workload", "noop:n=10", "--until-detectable", "10%", "--budget",
                    "9223372036854775807h",
                ], "--budget must be a duration from 1s to 7 days"
            ),
            (["bench", "--impl", "lock", "--samples", "-1"], "--samples must be 1 to 100000, got -1"),
            (["compare", csv, csv, "--threshold", "1e17%"], "--threshold must be a percentage from 0% to 1000%"),
            (["compare", csv, csv, "--same-within", "1e17%"], "--same-within must be a percentage from 0% to 1000%"),
            (
                ["report", csv, "--out", "\(directory.path)/r.html", "--threshold", "1e300%"],
                "--threshold must be a percentage from 0% to 1000%"
            ),
            (
                ["bench", "--impl", "lock", "--workload", "open:rate=1000;late_tolerance_us=18446744073709552"],
                "late_tolerance_us=18446744073709552 must be at most 60000000"
            ),
            (
                ["trace", "--impl", "lock", "--workload", "noop:n=1000000000000", "--out", "\(directory.path)/t.json"],
                "n=1000000000000 must be at most"
            ),
        ]
        for (arguments, message) in cases {
            let outcome = try ChildProcess.run(
                ChildCommand(executable: ToolBinary.queuelab!, arguments: arguments), timeout: .seconds(60))
            #expect(outcome.status == 2, "\(arguments): exit \(outcome.status) \(outcome.standardError)")
            #expect(outcome.standardError.contains(message), "\(arguments): \(outcome.standardError)")
            #expect(outcome.standardError.split(separator: "\n").count == 1, "\(arguments): \(outcome.standardError)")
        }
    }

    /// --time-limit stops a child still running at the deadline: the wait is bounded.
    @Test(.longTier("runs the queuelab binary and child processes"), .timeLimit(.minutes(30)))
    func aChildIsStoppedAtTheDeadline() throws {
        let started = ContinuousClock.now
        let status = try StreamedProcess.run("/bin/sleep", ["60"], deadline: .now + .milliseconds(300))
        // SIGTERM, or SIGKILL after the grace when the child ignores SIGTERM (an ignored signal is
        // inherited across exec, and some test runners ignore it).
        #expect([128 + SIGTERM, 128 + SIGKILL].contains(status))
        #expect(ContinuousClock.now - started < .seconds(30))
    }
}
