import Foundation
import QueueLabBenchmarks
import TestSupport
import TestTiers
import Testing

/// A gate never passes what it did not measure: missing cells, too little evidence, runs from
/// different environments, figures neither run has.
@Suite(.onBlockingThreads) struct FailClosedTests {
    @Test func aCellOfBaseMissingFromHeadIsNotMeasured() {
        let base =
            SyntheticRecords.records(SyntheticRecords.steady, variant: "base")
            + SyntheticRecords.records(SyntheticRecords.steady, variant: "base", workload: "chain")
        let head = SyntheticRecords.records(SyntheticRecords.steady, variant: "head")
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
            base: SyntheticRecords.records(Array(SyntheticRecords.steady.prefix(5)), variant: "base"),
            head: SyntheticRecords.records(Array(SyntheticRecords.steady.prefix(5)).map { $0 * 2 }, variant: "head"))
        #expect(report.count(.inconclusive) == 1)
        #expect(report.headline.hasPrefix("not enough evidence"))
        #expect(report.rendered(.markdown).hasPrefix("### QueueLab benchmark comparison: not enough evidence"))
        #expect(!report.rendered(.markdown).contains("no regression"))
        let judged = Comparison.compare(
            base: SyntheticRecords.records(SyntheticRecords.steady, variant: "base"),
            head: SyntheticRecords.records(SyntheticRecords.steady, variant: "head"))
        #expect(judged.headline == "no regression")
    }

    @Test func differentEnvironmentsAreNamed() {
        let base = SyntheticRecords.records(SyntheticRecords.steady, variant: "base", host: "box-a")
        #expect(EnvironmentMismatch.differences(base: base, head: base).isEmpty)
        let head = SyntheticRecords.records(SyntheticRecords.steady, variant: "head", host: "box-b")
        #expect(EnvironmentMismatch.differences(base: base, head: head) == ["host: base box-a, head box-b"])
    }

}
