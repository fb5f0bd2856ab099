import TestTiers
import Testing

@testable import QueueLabBenchmarks

/// The table `bench` prints: a ratio's column only when its reference ran in the same run.
@Suite(.onBlockingThreads) struct BenchmarkSummaryTests {
    static func sample(_ implementation: String, opsPerSecond: Double) -> SampleRecord {
        SampleRecord(
            timestamp: "2026-01-01T00:00:00Z", variant: "", gitCommit: "abc123", host: "box", cores: 2,
            swiftVersion: "6.3.1", buildConfiguration: "release", allocator: "system", implementation: implementation,
            workload: "noop", parameters: "n=100;width=-1", seed: 1, round: 1, figures: ["ops_per_s": opsPerSecond])
    }

    static func header(_ table: String) -> [Substring] {
        (table.split(separator: "\n").first ?? "").split(separator: " ")
    }

    @Test func withoutTheReferencesThereIsNoRatioColumn() {
        let table = BenchmarkSummary.render([
            Self.sample("mine", opsPerSecond: 10), Self.sample("lock", opsPerSecond: 20),
        ])
        #expect(!table.contains("vs "), "\(table)")
        #expect(!table.contains("ratios:"), "\(table)")
        #expect(Self.header(table).last == "allocs/op", "\(table)")
    }

    @Test func aReferenceThatRanHasItsColumnAndTheOtherDoesNot() {
        let table = BenchmarkSummary.render([
            Self.sample("mine", opsPerSecond: 10), Self.sample("foundation", opsPerSecond: 20),
        ])
        #expect(table.contains("vs foundation"), "\(table)")
        #expect(!table.contains("vs dispatch"), "\(table)")
        #expect(table.contains("ratios:"), "\(table)")
        let mine = table.split(separator: "\n").first { $0.hasPrefix("noop") && $0.contains(" mine ") }
        #expect(mine?.split(separator: " ").last.map(String.init) == FigureFormat.ratio(0.5), "\(table)")
    }
}
