import Foundation
import TestTiers
import Testing

@testable import QueueLabBenchmarks
@testable import QueueLabInvestigation

/// The report's strategies view: one queue's policies side by side, from cells that differ only in
/// their policy column.
@Suite(.onBlockingThreads) struct StrategiesViewTests {
    static func records(policy: String, implementation: String = "lock", opsPerSecond: [Double]) -> [SampleRecord] {
        opsPerSecond.enumerated().map { round, value in
            var figures: [String: Double] = [
                "ops_per_s": value, "wall_s": 0.3, "starvation_max_wait_ns": policy == "strict" ? 3e8 : 4e6,
                "jain_index": policy.hasPrefix("weighted") ? 0.999 : 0.2,
            ]
            let weights = [1.0, 2, 4, 8, 16].map { $0 / 31 }
            for (level, name) in Figure.priorityClasses.enumerated() {
                figures["prio_\(name)_e2s_p50_ns"] = 1_000 * Double(5 - level)
                figures["prio_\(name)_e2s_p99_ns"] = 10_000 * Double(5 - level)
                figures["prio_\(name)_e2s_max_ns"] = 20_000 * Double(5 - level)
                figures["prio_\(name)_share"] = policy.hasPrefix("weighted") ? weights[level] * 1.02 : 0.2
                if policy.hasPrefix("weighted") { figures["prio_\(name)_weight_share"] = weights[level] }
            }
            if policy.hasPrefix("aging") { figures["wait_bound_ns"] = 5e6 }
            return SampleRecord(
                timestamp: "t", variant: "head", gitCommit: "c", host: "h", cores: 2, swiftVersion: "6.3.1",
                buildConfiguration: "release", allocator: "system", implementation: implementation, policy: policy,
                workload: "overload", parameters: "ms=300", seed: 1, round: round, figures: figures)
        }
    }

    static let steady: [Double] = [100, 102, 98, 101, 99, 103, 97, 100, 101, 99]

    static var run: [SampleRecord] {
        records(policy: "strict", opsPerSecond: steady)
            + records(policy: "aging:step=1ms", opsPerSecond: steady.map { $0 * 0.9 })
            + records(policy: "weighted:weights=1:2:4:8:16", opsPerSecond: steady)
            // One policy alone on another queue: nothing to set side by side.
            + records(policy: "strict", implementation: "actor", opsPerSecond: steady)
            // No policy at all (foundation): not in the view.
            + records(policy: "", implementation: "foundation", opsPerSecond: steady)
    }

    @Test func oneTablePerQueueAndWorkloadWithTwoOrMorePolicies() throws {
        let tables = StrategyTable.tables(ReportCell.cells(from: Self.run), reference: "strict")
        #expect(tables.count == 1)
        let table = try #require(tables.first)
        #expect(table.implementation == "lock")
        #expect(Set(table.rows.map(\.policy)) == ["strict", "aging:step=1ms", "weighted:weights=1:2:4:8:16"])
        let aging = try #require(table.rows.first { $0.policy == "aging:step=1ms" })
        #expect(abs((aging.throughputRatio?.ratio ?? 0) - 0.9) < 0.02)
        #expect(table.rows.first { $0.policy == "strict" }?.throughputRatio == nil)
        #expect(aging.waitBound == 5e6)
        let weighted = try #require(table.rows.first { $0.policy.hasPrefix("weighted") })
        #expect(weighted.classes.count == 5)
        #expect(abs((weighted.classes[0].shareDeviation ?? 0) - 0.02) < 1e-9)
    }

    @Test func theReportShowsTheViewAndItsReadings() {
        let report = HTMLReport(run: Self.run, runSource: "run.csv", referencePolicy: "strict")
        let html = report.render()
        #expect(html.contains("id=\"strategies\""))
        #expect(html.contains("least under aging:step=1ms (4.00ms), most under strict (300.00ms)"))
        #expect(html.contains("against its stated bound 5.00ms (within it)"))
        #expect(html.contains("shares within 2.0% of what the weights ask"))
        #expect(html.contains("Throughput against strict: aging:step=1ms 0.900x"))
        let markdown = report.strategiesMarkdown()
        #expect(markdown.hasPrefix("## Scheduling policies side by side (run.csv)"))
        #expect(markdown.contains("### lock: overload ms=300"))
        #expect(markdown.contains("| `strict`") || markdown.contains("| strict |"))
        #expect(markdown.contains("3.3% (3.2%)"))
    }

    @Test func aRunWithoutPoliciesHasNoView() {
        let plain = Self.records(policy: "", implementation: "foundation", opsPerSecond: Self.steady)
        let report = HTMLReport(run: plain, runSource: "run.csv", referencePolicy: "strict")
        #expect(!report.render().contains("id=\"strategies\""))
        #expect(report.strategiesMarkdown().contains("No queue in this file ran with two or more policies"))
    }
}
