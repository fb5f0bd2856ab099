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

    @Test func percentagesAreBounded() throws {
        #expect(Percent.parse("1e19%") == nil)
        #expect(Percent.parse("inf") == nil)
        #expect(Percent.parse("10%") == 0.10)
        let floor = PercentOption.floorRange
        #expect(throws: ValidationError.self) { try PercentOption(argument: "1e17%").checked("--threshold", in: floor) }
        #expect(throws: ValidationError.self) { try PercentOption(argument: "1e300").checked("--threshold", in: floor) }
        #expect(try PercentOption(argument: "1000%").checked("--threshold", in: floor) == 10)
        #expect(try PercentOption(argument: "0%").checked("--threshold", in: floor) == 0)
        // Printing never traps, whatever reaches it.
        #expect(Percent.format(1e17).hasSuffix("%"))
        #expect(Percent.format(.infinity).hasSuffix("%"))
    }

    @Test(arguments: [
        "noop:n=1000000000000", "open:late_tolerance_us=18446744073709552", "fanout:rounds=100000000",
        "producers:threads=100000", "cpu:us=99999999999", "noop:n=100000000",
        // Its edges, not its operations, are what would not fit: 10^10 of them.
        "dag:n=10000000;edges=1000",
    ])
    func workloadSizesAreBounded(text: String) {
        #expect(throws: WorkloadParseError.self, "\(text)") { try Workload(parsing: text) }
    }

    @Test func operationsAreCheckedAgainstMemory() {
        #expect(WorkloadLimits.memoryProblem(operations: 100_000) == nil)
        let problem = WorkloadLimits.memoryProblem(operations: Int.max / 2048)
        #expect(problem?.contains("more than half of the physical memory's") == true)
        #expect(
            WorkloadLimits.memoryProblem(operations: 1_000, edges: Int.max / 128)?.contains("dependency edges") == true)
        #expect((try? Workload(parsing: "dag:n=20000;edges=3")) != nil, "the standard dag fits anywhere")
    }

    @Test(arguments: [
        (["main", "--budget", "2562047788015216h"], "--budget must be a duration from 1s to 7 days"),
        (["main", "--until-detectable", "1e19%"], "--until-detectable must be a percentage above 0% and at most"),
        (
            ["main", "--threshold", "1e17%"],
            "--threshold must be a percentage from 0% to 1000% such as 7%, got '1e17%'"
        ),
        (["main", "--same-within", "1e17%"], "--same-within must be a percentage from 0% to 1000%"),
        (["main", "--samples", "-1"], "--samples must be 6 to 100000, got -1"),
        (["main", "--instruction-samples", "1000000"], "--instruction-samples must be 6 to 100000, got 1000000"),
        (["main", "--workload", "noop:n=1000000000000"], "n=1000000000000 must be at most 100000000"),
        (["main", "--time-limit", "9999999h"], "--time-limit must be a duration from 1s to 7 days"),
        (["main", "--time-limit", "1m", "--budget", "2m"], "--budget 2m must be shorter than --time-limit 1m"),
    ])
    func gateRefusesNumbersOutOfRange(arguments: [String], message: String) throws {
        let refusal = GateCommandTests.refusal(arguments)
        #expect(refusal?.contains(message) == true, "\(arguments): \(refusal ?? "accepted")")
        #expect(refusal?.contains("\n") != true)
    }

    @Test func theTimeLimitIsChecked() throws {
        let checked = try CheckedGate(
            try GateCommand.parse(["main", "--time-limit", "30m", "--instructions", "off"]),
            registry: Implementations.registry)
        #expect(checked.timeLimit == .seconds(1800))
    }
}
