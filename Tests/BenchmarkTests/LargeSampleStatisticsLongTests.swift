import Foundation
import QueueLabCore
import TestTiers
import Testing

@testable import QueueLabBenchmarks

/// The statistics on large samples: exact tails far out, and the Hodges-Lehmann estimator without
/// the m x n differences in memory. Reference p-values from exact integer arithmetic in Python
/// (the Gaussian binomial counts over C(80, 40) as fractions).
@Suite(.longTier("statistics over a million samples"), .onComputeThread) struct LargeSampleStatisticsTests {
    /// 40 distinct values whose U against y = 0, 1, ..., 39 is the sum of `below`: the i-th value
    /// lies just under `below[i]` (its count of smaller y), nudged so that no two are equal.
    static func x(withCountsBelow below: [Int]) -> [Double] {
        below.enumerated().map { index, count in Double(count) - 0.5 - Double(index) * 1e-3 }
    }

    static let y = (0..<40).map(Double.init)

    @Test func exactUpperTailOfFortyAndFortyIsPositiveAndExact() {
        // U = 1597 of 1600: P = 2 * 7 / C(80, 40) = 1.3022382559225386e-22 (was -4.9e-17).
        let x = Self.x(withCountsBelow: Array(repeating: 40, count: 39) + [37])
        let result = MannWhitney.test(x, Self.y)
        #expect(result.exact)
        #expect(result.u == 1597)
        #expect(abs(result.p / 1.3022382559225386e-22 - 1) < 1e-9, "p = \(result.p)")
    }

    @Test func exactTailsNearOneInAHundredBillionAgreeOnBothSides() {
        // U = 155 and U = 1600 - 155 = 1445: P = 1.0244044923217346e-11 either way.
        let low = Self.x(withCountsBelow: Array(repeating: 0, count: 35) + [40, 40, 40, 35, 0])
        let high = Self.x(withCountsBelow: Array(repeating: 40, count: 36) + [5, 0, 0, 0])
        let lowResult = MannWhitney.test(low, Self.y)
        let highResult = MannWhitney.test(high, Self.y)
        #expect(lowResult.u == 155)
        #expect(highResult.u == 1445)
        #expect(abs(lowResult.p / 1.0244044923217346e-11 - 1) < 1e-9, "p = \(lowResult.p)")
        #expect(abs(highResult.p / 1.0244044923217346e-11 - 1) < 1e-9, "p = \(highResult.p)")
    }

    /// What the estimator computed before selection: every difference, sorted.
    static func sortedDifferences(_ x: [Double], _ y: [Double]) -> [Double] {
        var all: [Double] = []
        for a in x { for b in y { all.append(b - a) } }
        return all.sorted()
    }

    @Test(arguments: [(1, 1), (3, 7), (8, 8), (10, 12), (50, 50), (100, 100), (33, 257)])
    func selectionEqualsSortingEveryDifference(m: Int, n: Int) {
        var random = SplitMix64(seed: UInt64(m * 1_000 + n))
        // Few distinct values, so that ties (equal differences) are common.
        let x = (0..<m).map { _ in Double(Int.random(in: 0..<20, using: &random)) * 0.1 }
        let y = (0..<n).map { _ in Double(Int.random(in: 0..<20, using: &random)) * 0.13 }
        let expected = Self.sortedDifferences(x, y)
        let selection = PairwiseDifferenceSelection(x: x, y: y)
        let ranks = Set([0, expected.count / 2, expected.count - 1, expected.count / 3, expected.count / 40])
        for rank in ranks {
            #expect(selection.element(atRank: rank) == expected[rank], "rank \(rank) of \(m) x \(n)")
        }
    }

    @Test func ratioOfModerateSamplesIsUnchanged() {
        // The estimator and interval as the sorted list of all 120 x 90 log differences gives them.
        var random = SplitMix64(seed: 7)
        let x = (0..<120).map { _ in 100 + Double(Int.random(in: 0..<1_000, using: &random)) / 10 }
        let y = (0..<90).map { _ in 110 + Double(Int.random(in: 0..<1_000, using: &random)) / 10 }
        let all = Self.sortedDifferences(x.map { log($0) }, y.map { log($0) })
        let c = HodgesLehmann.critical(m: 120, n: 90, confidence: 0.95)
        let ratio = HodgesLehmann.ratio(x, y)
        #expect(ratio.ratio == exp((all[all.count / 2 - 1] + all[all.count / 2]) / 2))
        #expect(ratio.lower == exp(all[c]))
        #expect(ratio.upper == exp(all[all.count - 1 - c]))
    }

    /// 60,000 a side: 3.6e9 differences, 29 GB had they been stored (the old code aborted).
    @Test(.timeLimit(.minutes(30)))
    func ratioOfHugeSamplesNeedsNoQuadraticMemory() {
        let x = (0..<60_000).map { 1_000 + Double($0 % 997) }
        let y = (0..<60_000).map { 1_100 + Double($0 % 991) }
        let ratio = HodgesLehmann.ratio(x, y)
        #expect(ratio.ratio > 1 && ratio.ratio < 1.2)
        #expect(ratio.lower <= ratio.ratio && ratio.ratio <= ratio.upper)
    }
}
