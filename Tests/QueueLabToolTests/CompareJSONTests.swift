import Foundation
import QueueLabBenchmarks
import TestSupport
import TestTiers
import Testing

/// `compare --format json` and `--format summary` (issue 27): every row with its figures, interval,
/// p-values, verdict and detectable effect, in a document a script parses; one line for a CI
/// annotation.
@Suite(.onBlockingThreads) struct CompareJSONTests {
    /// A regression of lock noop (head about 20 % slower in every round, paired), a steady chain,
    /// and a cell base has and head lacks.
    static func report() -> ComparisonReport {
        let steady = SyntheticRecords.steady
        let base =
            SyntheticRecords.records(steady, variant: "base")
            + SyntheticRecords.records(steady, variant: "base", workload: "chain")
            + SyntheticRecords.records(steady, variant: "base", workload: "fanout")
        let head =
            SyntheticRecords.records(steady.reversed().map { $0 * 0.8 }, variant: "head")
            + SyntheticRecords.records(steady, variant: "head", workload: "chain")
        return Comparison.compare(base: base, head: head, rule: VerdictRule(threshold: 0.07, sameWithin: 0.10))
    }

    @Test func everyRowIsInTheDocumentAndParses() throws {
        let report = Self.report()
        let text = try report.json()
        // Any JSON parser reads it, with the documented snake_case keys.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "queuelab-compare/1")
        let rows = try #require(object["rows"] as? [[String: Any]])
        #expect(rows.count == report.rows.count)
        let first = try #require(rows.first)
        for key in [
            "implementation", "policy", "queue", "workload", "parameters", "figure", "direction", "headline", "design",
            "base", "head", "ratio", "interval", "p", "p_holm", "verdict", "detectable",
        ] {
            #expect(first[key] != nil, "row key \(key)")
        }
        #expect(object["missing_from_head"] as? [String] == ["lock fanout n=1"])

        let document = try ComparisonDocument.decoder().decode(ComparisonDocument.self, from: Data(text.utf8))
        #expect(document == report.document)
        let regression = try #require(document.rows.first { $0.workload == "noop" })
        #expect(regression.verdict == "REGRESSION")
        #expect(regression.design == "paired" && regression.headline)
        #expect(abs(regression.ratio - 0.8) < 0.03)
        #expect(regression.interval.lower <= regression.ratio && regression.ratio <= regression.interval.upper)
        #expect(regression.pHolm >= regression.p && regression.pHolm < 0.05)
        #expect(regression.base.count == 10 && abs(regression.base.median - 100) < 1.5)
        #expect(regression.detectable.map { $0 >= 0 && $0 < 0.2 } == true)
        let same = try #require(document.rows.first { $0.workload == "chain" })
        #expect(same.verdict == "SAME")
        #expect(document.counts["REGRESSION"] == 1 && document.counts["IMPROVEMENT"] == 0)
        #expect(document.rule.threshold == 0.07 && document.rule.sameWithin == 0.10)
        #expect(document.summary == report.summaryLine)
    }

    @Test func theSummaryIsOneLineNamingTheRegression() {
        let line = Self.report().summaryLine
        #expect(!line.contains("\n"))
        #expect(line.hasPrefix("QueueLab compare: REGRESSION; NOT MEASURED: 1 cell(s) of base missing from head"))
        #expect(line.contains("1 REGRESSION, 0 IMPROVEMENT, 1 SAME, 0 INCONCLUSIVE"))
        #expect(line.contains("; REGRESSION: lock noop n=1 ops_per_s 0.8"))
    }

    /// A row that can detect no change has a null detectable effect, not a number.
    @Test func anUndetectableRowIsNull() throws {
        let five = Array(SyntheticRecords.steady.prefix(5))
        let report = Comparison.compare(
            base: SyntheticRecords.records(five, variant: "base"), head: SyntheticRecords.records(five, variant: "head")
        )
        let document = try ComparisonDocument.decoder().decode(
            ComparisonDocument.self, from: Data(try report.json().utf8))
        #expect(document.rows.count == 1 && document.rows[0].detectable == nil)
        #expect(document.rows[0].verdict == "INCONCLUSIVE")
        #expect(document.summary.contains("INCONCLUSIVE: lock noop n=1"))
    }
}
