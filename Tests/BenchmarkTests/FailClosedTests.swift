import Foundation
import QueueLabBenchmarks
import TestTiers
import Testing

/// A gate never passes what it did not measure: missing cells, too little evidence, runs from
/// different environments, figures neither run has.
@Suite(.onBlockingThreads) struct FailClosedTests {
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

}
