import Foundation
import TestTiers
import Testing

@testable import QueueLabBenchmarks
@testable import QueueLabInvestigation

/// The report's comparison table words a change from figures read from files, which may be any
/// finite number: the words never trap, however far apart base and head are.
@Suite(.onBlockingThreads) struct ComparisonTableTests {
    static func records(_ variant: String, opsPerSecond: Double) -> [SampleRecord] {
        (0..<6).map { round in
            SampleRecord(
                timestamp: String(format: "2026-11-28T09:%02dZ", round), variant: variant, gitCommit: "c", host: "h",
                cores: 2, swiftVersion: "6.3.1", buildConfiguration: "release", allocator: "system",
                implementation: "lock", workload: "noop", parameters: "n=1", seed: 7, round: round,
                figures: ["ops_per_s": opsPerSecond * (1 + Double(round) / 1_000)])
        }
    }

    @Test func aChangeTooLargeForAPercentageIsSaidAsAFactor() throws {
        let report = Comparison.compare(
            base: Self.records("base", opsPerSecond: 1e-10), head: Self.records("head", opsPerSecond: 1e298),
            figures: ["ops_per_s"])
        let row = try #require(report.rows.first)
        #expect(row.ratio.ratio.isFinite && row.ratio.ratio > 1e300)
        #expect(ComparisonTable.change(row).hasSuffix(" times higher (better)"))
        #expect(ComparisonTable.render(report).contains("times higher (better)"))
        let modest = Comparison.compare(
            base: Self.records("base", opsPerSecond: 100), head: Self.records("head", opsPerSecond: 112),
            figures: ["ops_per_s"])
        #expect(ComparisonTable.change(try #require(modest.rows.first)) == "12% higher (better)")
    }
}
