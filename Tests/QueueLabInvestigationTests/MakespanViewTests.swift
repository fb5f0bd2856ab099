import Foundation
import TestTiers
import Testing

@testable import QueueLabBenchmarks
@testable import QueueLabInvestigation

/// The strategies view on a `makespan` run: each policy's makespan over its lower bound, as a
/// chart and a table, and a reading naming the closest and the farthest.
@Suite(.onBlockingThreads) struct MakespanViewTests {
    static func records(policy: String, ratios: [Double]) -> [SampleRecord] {
        ratios.enumerated().map { round, ratio in
            SampleRecord(
                timestamp: "t", variant: "head", gitCommit: "c", host: "h", cores: 2, swiftVersion: "6.3.1",
                buildConfiguration: "release", allocator: "system", implementation: "lock", policy: policy,
                workload: "makespan", parameters: "n=2000;width=2", seed: 1, round: round,
                figures: [
                    "ops_per_s": 20_000, "wall_s": 0.1, "makespan_ns": ratio * 5e7, "makespan_bound_ns": 5e7,
                    "makespan_over_bound": ratio,
                ])
        }
    }

    static var run: [SampleRecord] {
        records(policy: "strict", ratios: [1.29, 1.28, 1.30])
            + records(policy: "fifo", ratios: [1.26, 1.28, 1.27])
            + records(policy: "critical-path:cap=64", ratios: [1.02, 1.04, 1.03])
    }

    @Test func eachPolicyGetsItsRatioAgainstTheBound() throws {
        let table = try #require(StrategyTable.tables(ReportCell.cells(from: Self.run), reference: "strict").first)
        #expect(table.hasMakespan)
        let critical = try #require(table.rows.first { $0.policy.hasPrefix("critical-path") }?.makespan)
        #expect(critical.overBound == 1.03 && critical.worstOverBound == 1.04)
        #expect(critical.bound == 5e7)
        let rows = StrategiesSection.makespanRows(table)
        #expect(rows.first == ["policy", "makespan", "lower bound", "makespan / bound (worst)"])
        #expect(rows.contains { $0.first == "critical-path:cap=64" && $0.last == "1.030 (1.040)" })
    }

    @Test func theReportShowsTheChartAndTheReading() {
        let report = HTMLReport(run: Self.run, runSource: "run.csv", referencePolicy: "strict")
        let html = report.render()
        #expect(html.contains("lock: makespan over its lower bound per policy"))
        #expect(html.contains("closest under critical-path:cap=64 (1.030), farthest under strict (1.290)"))
        let markdown = report.strategiesMarkdown()
        #expect(markdown.contains("makespan / bound (worst)"))
        #expect(markdown.contains("1.030 (1.040)"))
    }

    @Test func otherWorkloadsHaveNoMakespanTable() throws {
        let table = try #require(
            StrategyTable.tables(ReportCell.cells(from: StrategiesViewTests.run), reference: "strict").first)
        #expect(!table.hasMakespan)
        #expect(!StrategiesSection.markdown([table], source: "x").contains("makespan / bound (worst)"))
    }
}
