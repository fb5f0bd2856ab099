import Foundation
import QueueLabBenchmarks
import Testing

/// A gate never passes what it did not measure: missing cells, too little evidence, runs from
/// different environments, figures neither run has.
@Suite struct FailClosedTests {
    static func records(
        _ values: [Double], variant: String, implementation: String = "lock", workload: String = "noop",
        host: String = "h", column: String = "ops_per_s"
    ) -> [SampleRecord] {
        values.enumerated().map { index, value in
            SampleRecord(
                timestamp: "t", variant: variant, gitCommit: "c", host: host, cores: 2, swiftVersion: "6.3.1",
                buildConfiguration: "release", allocator: "system", implementation: implementation,
                workload: workload, parameters: "n=1", seed: 1, round: index, figures: [column: value])
        }
    }

    static let steady: [Double] = [100, 102, 98, 101, 99, 103, 97, 100, 101, 99]

    @Test func aCellOfBaseMissingFromHeadIsNotMeasured() {
        let base =
            Self.records(Self.steady, variant: "base") + Self.records(Self.steady, variant: "base", workload: "chain")
        let head = Self.records(Self.steady, variant: "head")
        let report = Comparison.compare(base: base, head: head)
        #expect(!report.isComplete)
        #expect(report.missingFromHead == ["lock chain n=1"])
        #expect(report.headline.hasPrefix("NOT MEASURED"))
        #expect(report.rendered(.text).contains("NOT MEASURED: lock chain n=1"))
        // A cell only head has is new, not missing.
        let grown = Comparison.compare(base: head, head: base)
        #expect(grown.isComplete)
        #expect(grown.onlyInHead == ["lock chain n=1"])
    }

    @Test func inconclusiveRowsAreNotEnoughEvidence() {
        // 5 samples a side can never be judged: every row INCONCLUSIVE.
        let report = Comparison.compare(
            base: Self.records(Array(Self.steady.prefix(5)), variant: "base"),
            head: Self.records(Array(Self.steady.prefix(5)).map { $0 * 2 }, variant: "head"))
        #expect(report.count(.inconclusive) == 1)
        #expect(report.headline.hasPrefix("not enough evidence"))
        #expect(report.rendered(.markdown).hasPrefix("### QueueLab benchmark comparison: not enough evidence"))
        #expect(!report.rendered(.markdown).contains("no regression"))
        let judged = Comparison.compare(
            base: Self.records(Self.steady, variant: "base"), head: Self.records(Self.steady, variant: "head"))
        #expect(judged.headline == "no regression")
    }

    @Test func differentEnvironmentsAreNamed() {
        let base = Self.records(Self.steady, variant: "base", host: "box-a")
        #expect(EnvironmentMismatch.differences(base: base, head: base).isEmpty)
        let head = Self.records(Self.steady, variant: "head", host: "box-b")
        #expect(EnvironmentMismatch.differences(base: base, head: head) == ["host: base box-a, head box-b"])
    }

    /// The same through the command line: the exit statuses a CI job sees.
    @Test(.enabled(if: RunnerTests.queuelabBinary != nil), .timeLimit(.minutes(3)))
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
            Self.records(Self.steady, variant: "base") + Self.records(Self.steady, variant: "base", workload: "chain"))
        let head = try file("head.csv", Self.records(Self.steady, variant: "head"))
        let five = try file("five.csv", Self.records(Array(Self.steady.prefix(5)), variant: "base"))
        let fiveAgain = try file("five-again.csv", Self.records(Array(Self.steady.prefix(5)), variant: "head"))
        let otherHost = try file("other.csv", Self.records(Self.steady, variant: "head", host: "elsewhere"))
        // Head swings 25 % either way round by round: paired, about 24 % detectable with 10 pairs.
        let swinging = try file(
            "swinging.csv",
            Self.records(Self.steady.enumerated().map { $1 * ($0 % 2 == 0 ? 1.25 : 0.8) }, variant: "head"))
        let cases: [([String], Int32, String)] = [
            ([base, head], 4, "missing from head"),
            ([head, swinging, "--require-detectable", "10%"], 6, "1 headline row(s) cannot detect 10.0%"),
            ([head, swinging, "--require-detectable", "50%"], 0, ""),
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
                ChildCommand(executable: RunnerTests.queuelabBinary!, arguments: ["compare"] + arguments),
                timeout: .seconds(30))
            #expect(outcome.status == status, "\(arguments): exit \(outcome.status) \(outcome.standardError)")
            if !message.isEmpty {
                #expect(outcome.standardError.contains(message), "\(arguments): \(outcome.standardError)")
            }
        }
    }

    /// A sample that fails (here a "build" that prints no figures) makes bench exit 4, not 0 or 1.
    @Test(.enabled(if: RunnerTests.queuelabBinary != nil), .timeLimit(.minutes(3)))
    func aFailedSampleIsNotMeasured() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("queuelab-failed-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = [
            "bench", "--impl", "lock", "--workload", "noop:n=10", "--samples", "1", "--warmup", "0",
            "--variant", "head=/bin/true", "--out-dir", directory.path,
        ]
        let outcome = try ChildProcess.run(
            ChildCommand(executable: RunnerTests.queuelabBinary!, arguments: arguments), timeout: .seconds(30))
        #expect(outcome.status == 4, "exit \(outcome.status): \(outcome.standardError)")
        #expect(outcome.standardError.contains("not measured"), "\(outcome.standardError)")
    }
}
