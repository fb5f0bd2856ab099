import ArgumentParser
import Foundation
import QueueLabImplementations
import Testing

@testable import QueueLabBenchmarks
@testable import QueueLabTool

/// No number crashes the tool (issue 28): every numeric option and workload parameter has a range,
/// checked before anything runs, and a value outside it is one line and exit 2 naming the option,
/// the value and the range.
@Suite struct NumericRangeTests {
    @Test func durationsAreBounded() {
        #expect(DurationOption.parse("2562047788015216h") == nil)
        #expect(DurationOption.parse("9223372036854775807h") == nil)
        #expect(DurationOption.parse("169h") == nil)
        #expect(DurationOption.parse("0s") == nil)
        #expect(DurationOption.parse("168h") == .seconds(604_800))
        #expect(DurationOption.parse("90") == .seconds(90))
        #expect(DurationOption.parse("2m") == .seconds(120))
    }

    @Test func percentagesAndFractionsAreBounded() {
        #expect(Percent.parse("1e19%") == nil)
        #expect(Percent.parse("inf") == nil)
        #expect(Percent.parse("10%") == 0.10)
        #expect(parseFraction("1e17") == nil)
        #expect(parseFraction("1e300") == nil)
        #expect(parseFraction("10") == 10)
        // Printing never traps, whatever reaches it.
        #expect(Percent.format(1e17).hasSuffix("%"))
        #expect(Percent.format(.infinity).hasSuffix("%"))
    }

    @Test(arguments: [
        "noop:n=1000000000000", "open:late_tolerance_us=18446744073709552", "fanout:rounds=100000000",
        "producers:threads=100000", "cpu:us=99999999999", "noop:n=100000000",
    ])
    func workloadSizesAreBounded(text: String) {
        #expect(throws: WorkloadParseError.self, "\(text)") { try Workload(parsing: text) }
    }

    @Test func operationsAreCheckedAgainstMemory() {
        #expect(WorkloadLimits.memoryProblem(operations: 100_000) == nil)
        let problem = WorkloadLimits.memoryProblem(operations: Int.max / 2048)
        #expect(problem?.contains("more than half of this machine's") == true)
    }

    @Test(arguments: [
        (["main", "--budget", "2562047788015216h"], "--budget must be a duration from 1s to 7 days"),
        (["main", "--until-detectable", "1e19%"], "--until-detectable must be a percentage above 0 and at most"),
        (
            ["main", "--threshold", "1e17"],
            "--threshold must be a number from 0 to 10 (1000%) such as 0.10, got '1e17'"
        ),
        (["main", "--same-within", "1e17"], "--same-within must be a number from 0 to 10"),
        (["main", "--samples", "-1"], "--samples must be 6 to 100000, got -1"),
        (["main", "--instruction-samples", "1000000"], "--instruction-samples must be 6 to 100000, got 1000000"),
        (["main", "--workload", "noop:n=1000000000000"], "n=1000000000000 must be at most 100000000"),
        (["main", "--time-limit", "9999999h"], "--time-limit must be a duration from 1s to 7 days"),
        (["main", "--time-limit", "1m", "--budget", "2m"], "--budget 2m must be shorter than --time-limit 1m"),
    ])
    func gateRefusesNumbersOutOfRange(arguments: [String], message: String) throws {
        let command = try GateCommand.parse(arguments)
        #expect {
            _ = try CheckedGate(command, registry: Implementations.registry)
        } throws: { error in
            guard let failure = error as? GateFailure else { return false }
            return failure.status == .badInput && failure.description.contains(message)
                && !failure.description.contains("\n")
        }
    }

    /// Through the command line, each crashing input of issue 28: exit 2, one line on standard error.
    @Test(.enabled(if: RunnerTests.queuelabBinary != nil), .timeLimit(.minutes(3)))
    func crashingInputsExitTwoWithOneLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("queuelab-ranges-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = directory.appendingPathComponent("a.csv").path
        try ResultsFile.write(PairedComparisonTests.records([1, 2, 3, 4, 5, 6], variant: "base"), to: csv)
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
            (["compare", csv, csv, "--threshold", "1e17"], "--threshold must be a number from 0 to 10"),
            (["compare", csv, csv, "--same-within", "1e17"], "--same-within must be a number from 0 to 10"),
            (
                ["report", csv, "--out", "\(directory.path)/r.html", "--threshold", "1e300"],
                "--threshold must be a number from 0 to 10"
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
                ChildCommand(executable: RunnerTests.queuelabBinary!, arguments: arguments), timeout: .seconds(60))
            #expect(outcome.status == 2, "\(arguments): exit \(outcome.status) \(outcome.standardError)")
            #expect(outcome.standardError.contains(message), "\(arguments): \(outcome.standardError)")
            #expect(outcome.standardError.split(separator: "\n").count == 1, "\(arguments): \(outcome.standardError)")
        }
    }

    /// --time-limit stops a child still running at the deadline: the wait is bounded.
    @Test(.timeLimit(.minutes(1)))
    func aChildIsStoppedAtTheDeadline() throws {
        let started = ContinuousClock.now
        let status = try StreamedProcess.run("/bin/sleep", ["60"], deadline: .now + .milliseconds(300))
        // SIGTERM, or SIGKILL after the grace when the child ignores SIGTERM (an ignored signal is
        // inherited across exec, and some test runners ignore it).
        #expect([128 + SIGTERM, 128 + SIGKILL].contains(status))
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test func theTimeLimitIsChecked() throws {
        let checked = try CheckedGate(
            try GateCommand.parse(["main", "--time-limit", "30m", "--instructions", "off"]),
            registry: Implementations.registry)
        #expect(checked.timeLimit == .seconds(1800))
    }
}
