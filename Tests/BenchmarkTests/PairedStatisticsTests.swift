import Foundation
import QueueLabCore
import TestTiers
import Testing

@testable import QueueLabBenchmarks

/// The paired design: Wilcoxon signed-rank, the Walsh-average Hodges-Lehmann interval, pairing by
/// round, and the detectable effect. Expected values from scipy 1.17.1 and exact enumeration.
@Suite(.onBlockingThreads) struct PairedStatisticsTests {
    static let eight = [0.12, -0.03, 0.25, 0.08, 0.31, -0.07, 0.19, 0.02]

    @Test func exactSignedRankMatchesScipy() {
        // scipy.stats.wilcoxon(eight, method="exact"): statistic 5 (W-), p = 0.078125 = 20/256.
        let result = WilcoxonSignedRank.test(Self.eight)
        #expect(result.exact)
        #expect(result.wPlus == 31)
        #expect(result.p == 20.0 / 256)
    }

    @Test func tiesAndZerosUseTheCorrectedApproximation() {
        // scipy.stats.wilcoxon(d, zero_method="wilcox", method="approx", correction=True).
        let d = [0.5, -0.2, 0.3, 0.3, 0.1, 0.0, -0.1, 0.4, 0.2, 0.6, 0.3, -0.2]
        let result = WilcoxonSignedRank.test(d)
        #expect(!result.exact)
        #expect(result.nonZero == 11)
        #expect(abs(result.p - 0.03996565688935283) < 1e-12)
    }

    @Test func largeSamplesUseTheApproximation() {
        let d = (0..<60).map { (Double($0) * 0.037).truncatingRemainder(dividingBy: 0.3) - 0.1 }
        let result = WilcoxonSignedRank.test(d)
        #expect(!result.exact)
        #expect(abs(result.p - 0.0006988798816882108) < 1e-9)
    }

    @Test func allZeroDifferencesAreNoEvidence() {
        #expect(WilcoxonSignedRank.test([0, 0, 0, 0, 0, 0]).p == 1)
    }

    @Test func signedRankCountsSumToAllSignPatterns() {
        let counts = SignedRankDistribution.counts(n: 10)
        #expect(counts.reduce(0, +) == 1024)
        #expect(counts.first == 1 && counts.last == 1)
        #expect(counts == counts.reversed())
    }

    @Test func pairedHodgesLehmannIsTheMedianOfWalshAveragesWithItsSignedRankInterval() {
        // Enumerated: median of the 36 Walsh averages 0.1075; the exact critical value is 3 (P(W+ <= 3)
        // = 5/256 <= 0.025), so the interval runs from the 4th smallest (-0.025) to the 4th largest (0.25).
        let ratio = HodgesLehmann.pairedRatio(logRatios: Self.eight)
        #expect(abs(log(ratio.ratio) - 0.1075) < 1e-12)
        #expect(abs(log(ratio.lower) - -0.025) < 1e-12)
        #expect(abs(log(ratio.upper) - 0.25) < 1e-12)
    }

    /// Listed and selected up to 90 (4,095 sums), bisected from 91 (4,186).
    @Test(arguments: [1, 2, 7, 30, 90, 91, 101])
    func walshSelectionEqualsSortingEveryAverage(n: Int) {
        var random = SplitMix64(seed: UInt64(n))
        // Coarse values: many ties among the sums.
        let d = (0..<n).map { _ in Double(Int.random(in: -20...20, using: &random)) / 8 }
        var all: [Double] = []
        for i in 0..<n { for j in i..<n { all.append(d[i] + d[j]) } }
        all.sort()
        let selection = WalshAverageSelection(d)
        #expect(selection.count == all.count)
        for rank in Set([0, all.count / 3, all.count / 2, all.count - 1]) {
            #expect(selection.average(atRank: rank) == all[rank] / 2)
        }
    }

    /// Paired rows are simulated with the exact test, which at 16 pairs needs more than the normal
    /// formula promised (issue 28); unpaired rows keep the formula.
    @Test func detectableEffectIsTheTestsOwnNotTheNormalFormula() {
        // Robust spread 1.4826 x 0.1 over 16 pairs at alpha 0.05: (1.95996 + 0.84162) x s / 4 / sqrt(3/pi).
        let ratios = (0..<16).map { $0 % 2 == 0 ? 0.1 : -0.1 }
        #expect(abs(DetectableEffect.spread(ratios) - 0.14826) < 1e-12)
        let formula = exp(2.8015851 * 0.14826 / 4 / (3 / Double.pi).squareRoot()) - 1
        #expect(DetectableEffect.paired(logRatios: ratios, alpha: 0.05) > formula)
        // Unpaired: simulated with Mann-Whitney U; the formula (pooled spread x sqrt(1/16 + 1/16))
        // promised more than the exact test at 16 a side delivers.
        let unpairedFormula = exp(2.8015851 * 0.14826 * (2.0 / 16).squareRoot() / (3 / Double.pi).squareRoot()) - 1
        let unpaired = DetectableEffect.unpaired(logBase: ratios, logHead: ratios, alpha: 0.05)
        #expect(unpaired > unpairedFormula, "\(unpaired) against \(unpairedFormula)")
        #expect(unpaired == DetectableEffect.unpaired(logBase: ratios, logHead: ratios, alpha: 0.05))
    }

    @Test func oneWildRoundDoesNotBlindTheComparison() {
        // Sixty rounds within 1 % of each other and one that hit a burst of load (a 2x ratio): the
        // standard deviation says about 9 %, the rank test about 1 %: the wild round is one rank of
        // 61. (At 13 pairs it is not harmless: with that round's rank 13 on one side, the exact
        // test at 0.05 / 4 cannot call a small shift the other way, and the simulated figure says so.)
        var ratios = (0..<60).map { Double($0 % 5 - 2) * 0.005 }
        ratios.append(log(2))
        let robust = DetectableEffect.paired(logRatios: ratios, alpha: 0.05 / 4)
        #expect(robust < 0.02, "\(robust)")
        #expect(DetectableEffect.standardDeviation(ratios) > 0.08)
        // Identical counts leave no deviation: the standard deviation decides.
        let ties = Array(repeating: 0.0, count: 9) + [0.05, -0.05, 0.1]
        #expect(DetectableEffect.spread(ties) == DetectableEffect.standardDeviation(ties))
    }

    @Test func fewPairsCanDetectNothingAtAStrictLevel() {
        // Six pairs: the smallest exact two-sided p is 1/32, above 0.05 / 12.
        let ratios = [0.01, 0.02, 0.03, -0.01, 0.02, 0.01]
        #expect(DetectableEffect.paired(logRatios: ratios, alpha: 0.05 / 12) == .infinity)
        #expect(DetectableEffect.paired(logRatios: ratios, alpha: 0.05).isFinite)
        #expect(FigureFormat.detectable(.infinity) == "none")
        #expect(FigureFormat.detectable(0.123) == "12.3%")
    }

    @Test func percentagesParse() {
        #expect(Percent.parse("10%") == 0.10)
        #expect(Percent.parse("2.5") == 0.025)
        #expect(Percent.parse("0%") == nil)
        #expect(Percent.parse("ten") == nil)
    }
}
