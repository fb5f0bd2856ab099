import Foundation
import TestTiers
import Testing

@testable import QueueLabBenchmarks

/// compare pairs the samples of one interleaved run by round, and sees through round-to-round drift
/// what the unpaired test cannot.
@Suite(.onBlockingThreads) struct PairedComparisonTests {
    /// One sample per round; `minute` orders the rounds in time.
    static func records(_ values: [Double], variant: String, seed: UInt64 = 7, minuteOffset: Int = 0)
        -> [SampleRecord]
    {
        values.enumerated().map { round, value in
            SampleRecord(
                timestamp: String(format: "2026-11-23T09:%02d:00Z", round + minuteOffset), variant: variant,
                gitCommit: "c", host: "h", cores: 2, swiftVersion: "6.3.1", buildConfiguration: "release",
                allocator: "system", implementation: "lock", workload: "noop", parameters: "n=1", seed: seed,
                round: round, figures: ["ops_per_s": value])
        }
    }

    /// The machine's speed drifts by up to 40 % between rounds; head is 5 % slower in every round.
    static let drift: [Double] = [100, 130, 92, 140, 105, 118, 96, 135, 110, 125, 99, 128].map { $0 * 1_000 }
    static let slower = drift.enumerated().map { $1 / 1.05 * ($0 % 2 == 0 ? 1.004 : 0.996) }

    @Test func oneInterleavedRunIsPairedAndSeesFivePercent() {
        let report = Comparison.compare(
            base: Self.records(Self.drift, variant: "base"), head: Self.records(Self.slower, variant: "head"),
            rule: VerdictRule(threshold: 0.02))
        let row = try! #require(report.rows.first)
        #expect(row.design == .paired)
        #expect(row.baseCount == 12)
        #expect(row.verdict == .regression)
        #expect(abs(row.ratio.ratio - 1 / 1.05) < 0.01)
        #expect(row.detectable < 0.02)
        #expect(report.rendered(.text).contains("12 pairs"))
    }

    @Test func theSameSamplesUnpairedCannotSeeIt() {
        // Separate runs: head's rounds all after base's, every pair spans the gap.
        let report = Comparison.compare(
            base: Self.records(Self.drift, variant: "base"),
            head: Self.records(Self.slower, variant: "head", minuteOffset: 30), rule: VerdictRule(threshold: 0.02))
        let row = try! #require(report.rows.first)
        #expect(row.design == .unpaired)
        #expect(row.verdict != .regression)
        #expect(row.detectable > 0.15)
        #expect(report.undetectable(beyond: 0.10).count == 1)
    }

    @Test func pairingCanBeTurnedOff() {
        let report = Comparison.compare(
            base: Self.records(Self.drift, variant: "base"), head: Self.records(Self.slower, variant: "head"),
            pairing: false)
        #expect(report.rows.first?.design == .unpaired)
    }

    @Test func differentSeedsOrRepeatedRoundsAreNotPaired() {
        let base = Self.records(Self.drift, variant: "base")
        #expect(
            PairedRounds.pairs(base: base, head: Self.records(Self.slower, variant: "head"), column: "ops_per_s") != nil
        )
        #expect(
            PairedRounds.pairs(
                base: base, head: Self.records(Self.slower, variant: "head", seed: 8), column: "ops_per_s")
                == nil)
        #expect(PairedRounds.pairs(base: base + base, head: base, column: "ops_per_s") == nil)
    }

    @Test func onlyThroughputRowsAreHeadline() {
        var base = Self.records(Self.drift, variant: "base")
        var head = Self.records(Self.slower, variant: "head")
        for index in base.indices {
            base[index].figures = FigureValues(["ops_per_s": Self.drift[index], "e2f_p50_ns": 1_000 + Double(index)])
            head[index].figures = FigureValues([
                "ops_per_s": Self.slower[index], "e2f_p50_ns": 5_000 * Double(index + 1),
            ])
        }
        let report = Comparison.compare(base: base, head: head)
        #expect(report.rows.count == 2)
        #expect(report.rows.filter(\.isHeadline).map(\.figure.column) == ["ops_per_s"])
        // The latency row is hopelessly noisy, but only the headline row is held to the limit.
        #expect(report.undetectable(beyond: 0.10).isEmpty)
    }
}
