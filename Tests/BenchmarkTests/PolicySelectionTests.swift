import Foundation
import QueueLabCore
import QueueLabImplementations
import QueueLabScheduling
import TestTiers
import Testing

@testable import QueueLabBenchmarks
@testable import QueueLabInvestigation

/// `--policy`: one splitting rule, specifications with their defaults spelled out, the CSV's policy
/// column, cells grouped by policy, and bad input refused (exit 2) before any sample runs.
@Suite(.onBlockingThreads) struct PolicySelectionTests {
    @Test func commasSplitPoliciesNotParameters() {
        let cases: [(String, [String])] = [
            ("strict", ["strict"]),
            ("strict,fifo,aging,weighted,lifo", ["strict", "fifo", "aging", "weighted", "lifo"]),
            ("weighted:weights=1:2:4:8:16,aging:step=2ms", ["weighted:weights=1:2:4:8:16", "aging:step=2ms"]),
            ("aging:step=2ms,strict", ["aging:step=2ms", "strict"]),
            // Parameters stay with their policy (a policy of two parameters, as a future one may take).
            ("custom:a=1,b=2,fifo", ["custom:a=1,b=2", "fifo"]),
            // An unknown name after a comma is its own item, so the parser names it alone.
            ("strict,agin", ["strict", "agin"]),
            (" strict , fifo ", ["strict", "fifo"]),
        ]
        for (text, expected) in cases {
            #expect(SchedulingPolicies.splitList(text) == expected, "\(text)")
        }
    }

    @Test func specificationsSpellOutDefaultsOnce() throws {
        let specifications = try Implementations.policySpecifications([
            "strict,aging", "weighted,aging:step=1ms", "lifo",
        ])
        #expect(specifications == ["strict", "aging:step=1ms", "weighted:weights=1:2:4:8:16", "lifo"])
    }

    @Test func badSpecificationsNameTheValidOnes() {
        let cases = [
            ("strict,agin", "unknown policy 'agin'; valid policies: strict, fifo, aging, weighted, lifo"),
            ("aging:step=0ms", "invalid value '0ms' for aging:step"),
            ("aging:weights=1", "unknown parameter 'weights' for policy 'aging'; valid keys: step"),
            ("weighted:weights=1:2", "invalid value '1:2' for weighted:weights"),
        ]
        for (text, message) in cases {
            let error = #expect(throws: (any Error).self) { try Implementations.policySpecifications([text]) }
            #expect("\(error.map { "\($0)" } ?? "")".contains(message), "\(text)")
        }
    }

    static func record(policy: String, round: Int = 0, value: Double = 100) -> SampleRecord {
        SampleRecord(
            timestamp: "t", variant: "head", gitCommit: "c", host: "h", cores: 2, swiftVersion: "6.3.1",
            buildConfiguration: "release", allocator: "system", implementation: "lock", policy: policy,
            workload: "noop", parameters: "n=1", seed: 1, round: round, figures: ["ops_per_s": value])
    }

    @Test func policyColumnRoundTrips() throws {
        let records = [
            Self.record(policy: "weighted:weights=1:2:4:8:16"), Self.record(policy: "aging:step=1ms"),
            Self.record(policy: ""),
        ]
        let text = ResultsFile.encode(records)
        #expect(text.split(separator: "\n")[0].contains(",implementation,policy,workload,"))
        #expect(try ResultsFile.decode(text) == records)
    }

    /// A CSV written before the column existed reads, every policy empty.
    @Test func aFileWithoutThePolicyColumnReadsAsEmpty() throws {
        let lines = ResultsFile.encode([Self.record(policy: "")]).split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        let at = try #require(lines[0].firstIndex(of: "policy"))
        let old =
            lines.map { fields in
                var kept = fields
                kept.remove(at: at)
                return kept.joined(separator: ",")
            }.joined(separator: "\n") + "\n"
        let read = try ResultsFile.decode(old)
        #expect(read.map(\.policy) == [""])
        #expect(read[0].cellKey == "lock noop n=1")
    }

    @Test func comparisonAndReportGroupByPolicy() {
        let steady: [Double] = [100, 102, 98, 101, 99, 103, 97, 100, 101, 99]
        func run(_ variant: String, scale: Double) -> [SampleRecord] {
            ["strict", "aging:step=1ms"].flatMap { policy in
                steady.enumerated().map { round, value in
                    var record = Self.record(
                        policy: policy, round: round, value: value * (policy == "strict" ? 1 : scale))
                    record.variant = variant
                    return record
                }
            }
        }
        let report = Comparison.compare(
            base: run("base", scale: 1), head: run("head", scale: 0.5), figures: ["ops_per_s"])
        #expect(report.rows.map(\.queueLabel).sorted() == ["lock[aging:step=1ms]", "lock[strict]"])
        #expect(report.rows.first { $0.policy == "aging:step=1ms" }?.verdict == .regression)
        #expect(report.rows.first { $0.policy == "strict" }?.verdict != .regression)
        #expect(report.rendered(.text).contains("lock[aging:step=1ms]"))
        let cells = ReportCell.cells(from: run("head", scale: 1))
        #expect(cells.map(\.queueLabel) == ["lock[aging:step=1ms]", "lock[strict]"])
    }

    @Test func everyPolicyIsACellOfEveryTaker() {
        var plan = BenchmarkPlan(
            implementations: [
                ImplementationInfo(name: "lock", capabilities: .all, takesPolicy: true),
                ImplementationInfo(name: "foundation", capabilities: .all),
            ], workloads: [Workload(kind: .noop)], variants: [BenchmarkVariant(name: "head", executable: "/bin/true")])
        plan.policies = ["strict", "aging:step=1ms"]
        let (cells, _) = BenchmarkRunner(plan: plan, metadata: RunMetadata.current()).cells()
        #expect(cells.map(\.queueLabel) == ["lock[strict]", "lock[aging:step=1ms]", "foundation"])
        let arguments = SampleProtocol.arguments(
            implementation: "lock", policy: "aging:step=1ms", workload: Workload(kind: .noop), latencyEvery: 1,
            drainTimeout: 1)
        #expect(arguments.contains("--policy") && arguments.contains("aging:step=1ms"))
        let plain = SampleProtocol.arguments(
            implementation: "lock", workload: Workload(kind: .noop), latencyEvery: 1, drainTimeout: 1)
        #expect(!plain.contains("--policy"))
    }

    // Seven child processes, each bounded by its own 60 s: the limit covers them all.

}
