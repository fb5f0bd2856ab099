import TestTiers
import Testing

@testable import QueueLabBenchmarks

/// Expected values computed independently with SciPy 1.17.1 (`scipy.stats.mannwhitneyu`) and NumPy.
@Suite(.onBlockingThreads) struct StatisticsTests {
    let x = [1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30]
    /// No ties: the exact method applies.
    let y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.28, 1.07, 3.14, 1.29]

    @Test func exactMannWhitneyMatchesScipy() {
        // mannwhitneyu(x, y, method="exact") -> U=58, p=0.13591114767585355
        let result = MannWhitney.test(x, y)
        #expect(result.exact)
        #expect(result.u == 58)
        #expect(abs(result.p - 0.13591114767585355) < 1e-12)
    }

    @Test func tiesInsideOneSampleSwitchToTheApproximation() {
        // y with two pairs of tied values: mannwhitneyu(x, y2, method="asymptotic") -> U=58, p=0.13291945818531892
        let tied = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29]
        let result = MannWhitney.test(x, tied)
        #expect(!result.exact)
        #expect(abs(result.p - 0.13291945818531892) < 1e-12)
    }

    @Test func completeSeparationOfTenAndTen() {
        // mannwhitneyu(1...10, 11...20, method="exact") -> U=0, p=1.082508822446903e-05 (= 2 / C(20, 10))
        let result = MannWhitney.test((1...10).map(Double.init), (11...20).map(Double.init))
        #expect(result.u == 0)
        #expect(abs(result.p - 1.082508822446903e-05) < 1e-15)
    }

    @Test func tiesUseTheNormalApproximationWithTieCorrection() {
        // mannwhitneyu(a, b, method="asymptotic", use_continuity=True) -> U=73, p=0.08644997593889947
        let a: [Double] = [3, 4, 4, 5, 6, 6, 6, 8, 9, 10]
        let b: [Double] = [1, 2, 2, 3, 4, 5, 5, 5, 7, 7]
        let result = MannWhitney.test(a, b)
        #expect(!result.exact)
        #expect(result.u == 73)
        #expect(abs(result.p - 0.08644997593889947) < 1e-9)
    }

    @Test func identicalConstantSamplesAreNotDifferent() {
        let result = MannWhitney.test([2, 2, 2, 2, 2, 2], [2, 2, 2, 2, 2, 2])
        #expect(result.p == 1)
    }

    @Test func exactDistributionCountsAllArrangements() {
        // C(8+8, 8) = 12870 arrangements; critical value for a two-sided 5% test with 8 and 8 is 13.
        let counts = UDistribution.counts(m: 8, n: 8)
        #expect(counts.reduce(0, +) == 12870)
        #expect(counts.count == 65)
        #expect(UDistribution.lowerCritical(m: 8, n: 8, tail: 0.025) == 13)
    }

    @Test func hodgesLehmannRatioAndInterval() {
        // NumPy: exp(median(log h - log b)) = 1.1890590339165725; the interval takes the 14th smallest and
        // 14th largest pairwise log differences (c = 13 from the exact U distribution of 8 and 8):
        // [1.1442307692307696, 1.2323232323232327].
        let base: [Double] = [100, 105, 98, 110, 102, 99, 101, 104]
        let head: [Double] = [120, 118, 125, 119, 130, 121, 117, 122]
        let ratio = HodgesLehmann.ratio(base, head)
        #expect(abs(ratio.ratio - 1.1890590339165725) < 1e-12)
        #expect(abs(ratio.lower - 1.1442307692307696) < 1e-12)
        #expect(abs(ratio.upper - 1.2323232323232327) < 1e-12)
    }

    @Test func normalQuantile() {
        #expect(abs(NormalDistribution.quantile(0.975) - 1.959963984540054) < 1e-8)
        #expect(abs(NormalDistribution.quantile(0.01) + 2.3263478740408408) < 1e-8)
    }

    @Test func holmAdjustsInTheOrderGiven() {
        // Sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1 = 0.02, 0.03, 0.06, 0.04 -> monotone 0.02, 0.03, 0.06, 0.06.
        let adjusted = Holm.adjust([0.01, 0.04, 0.03, 0.005])
        let expected = [0.03, 0.06, 0.06, 0.02]
        for (value, wanted) in zip(adjusted, expected) { #expect(abs(value - wanted) < 1e-12) }
    }

    @Test func verdictRule() {
        let rule = VerdictRule(threshold: 0.10)
        #expect(
            rule.verdict(baseCount: 5, headCount: 10, worsening: 2, lower: 1.9, upper: 2.1, adjustedP: 0)
                == .inconclusive)
        #expect(
            rule.verdict(baseCount: 10, headCount: 10, worsening: 1.3, lower: 1.2, upper: 1.4, adjustedP: 0.001)
                == .regression)
        #expect(
            rule.verdict(baseCount: 10, headCount: 10, worsening: 0.7, lower: 0.6, upper: 0.8, adjustedP: 0.001)
                == .improvement)
        #expect(
            rule.verdict(baseCount: 10, headCount: 10, worsening: 1.05, lower: 1.02, upper: 1.08, adjustedP: 0.001)
                == .same)
        #expect(
            rule.verdict(baseCount: 10, headCount: 10, worsening: 1.01, lower: 0.97, upper: 1.05, adjustedP: 0.6)
                == .same)
        #expect(
            rule.verdict(baseCount: 10, headCount: 10, worsening: 1.2, lower: 0.8, upper: 1.6, adjustedP: 0.2)
                == .inconclusive)
    }

    /// A floor under the margin: a significant 8% is a REGRESSION at a 5% floor, and an interval
    /// within 10% is SAME though it would not be within 5%; an own-threshold figure keeps its own.
    @Test func aMarginApartFromTheFloor() {
        let gate = VerdictRule(threshold: 0.05, sameWithin: 0.10)
        #expect(gate.margin == 0.10)
        #expect(
            gate.verdict(baseCount: 20, headCount: 20, worsening: 1.08, lower: 1.05, upper: 1.11, adjustedP: 0.001)
                == .regression)
        #expect(
            VerdictRule(threshold: 0.10).verdict(
                baseCount: 20, headCount: 20, worsening: 1.08, lower: 1.05, upper: 1.11, adjustedP: 0.001) == .same)
        #expect(
            gate.verdict(baseCount: 20, headCount: 20, worsening: 1.02, lower: 0.93, upper: 1.08, adjustedP: 0.5)
                == .same)
        #expect(
            VerdictRule(threshold: 0.05).verdict(
                baseCount: 20, headCount: 20, worsening: 1.02, lower: 0.93, upper: 1.08, adjustedP: 0.5)
                == .inconclusive)
        #expect(
            gate.verdict(baseCount: 20, headCount: 20, worsening: 1.04, lower: 0.98, upper: 1.12, adjustedP: 0.5)
                == .inconclusive)
        let instructions = gate.forFigure("instructions_per_op")
        #expect(instructions.threshold == 0.02 && instructions.margin == 0.02)
        #expect(gate.floorDescription == "worse than 5%; SAME = the 95% interval within 10% either way")
        #expect(VerdictRule(threshold: 0.025).floorDescription == "worse than 2.5%")
    }

    @Test func comparisonFindsASlowdownAndOrientsThroughput() {
        func records(_ values: [Double], variant: String) -> [SampleRecord] {
            values.enumerated().map { index, value in
                SampleRecord(
                    timestamp: "t", variant: variant, gitCommit: "c", host: "h", cores: 2, swiftVersion: "6.3.1",
                    buildConfiguration: "release", allocator: "system", implementation: "lock", workload: "noop",
                    parameters: "n=1", seed: 1, round: index, figures: ["ops_per_s": value])
            }
        }
        let base = records([100, 102, 98, 101, 99, 103, 97, 100, 101, 99], variant: "base")
        let slower = records([70, 72, 69, 71, 73, 70, 68, 71, 72, 70], variant: "head")
        let report = Comparison.compare(base: base, head: slower)
        #expect(report.rows.count == 1)
        #expect(report.rows[0].verdict == .regression)
        #expect(report.hasRegression)
        let same = Comparison.compare(
            base: base, head: records([101, 99, 100, 102, 98, 100, 99, 101, 103, 97], variant: "head"))
        #expect(same.rows[0].verdict == .same)
        let faster = Comparison.compare(base: slower, head: base)
        #expect(faster.rows[0].verdict == .improvement)
    }
}
