#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The two-sided Wilcoxon signed-rank test of paired differences (head against base, per round).
///
/// Zeros are dropped (Wilcoxon's method, scipy's `zero_method="wilcox"`): a pair that did not move
/// says nothing about the direction. Exact when no absolute differences tie and at most
/// ``WilcoxonSignedRank/exactLimit`` remain (the null distribution of W+ counted exactly, as
/// `scipy.stats.wilcoxon(method="exact")`); otherwise the normal approximation with tie correction
/// and continuity correction (as `scipy.stats.wilcoxon(method="approx", correction=True)`).
package struct SignedRankResult: Sendable, Equatable {
    /// The sum of the ranks of the positive differences.
    package let wPlus: Double
    /// Differences left after dropping zeros.
    package let nonZero: Int
    /// Two-sided p-value.
    package let p: Double
    package let exact: Bool
}

package enum WilcoxonSignedRank {
    package static let exactLimit = 50

    package static func test(_ differences: [Double]) -> SignedRankResult {
        let kept = differences.filter { $0 != 0 }
        let n = kept.count
        guard n > 0 else { return SignedRankResult(wPlus: 0, nonZero: 0, p: 1, exact: false) }
        let (ranks, tieGroups) = Ranking.ranks(of: kept.map(abs))
        let wPlus = zip(kept, ranks).reduce(0.0) { $0 + ($1.0 > 0 ? $1.1 : 0) }
        let total = n * (n + 1) / 2
        if !tieGroups.contains(where: { $0 > 1 }) && n <= exactLimit {
            // Symmetric about total / 2: both tails from the lower end, where the counts are small.
            let k = Int(wPlus.rounded())
            let tail = SignedRankDistribution.lowerTail(n: n, atMost: Swift.min(k, total - k))
            return SignedRankResult(wPlus: wPlus, nonZero: n, p: Swift.min(1, 2 * tail), exact: true)
        }
        let mean = Double(total) / 2
        let tieTerm = tieGroups.reduce(0.0) { $0 + Double($1 * $1 * $1 - $1) } / 48
        let variance = Double(n) * Double(n + 1) * Double(2 * n + 1) / 24 - tieTerm
        guard variance > 0 else { return SignedRankResult(wPlus: wPlus, nonZero: n, p: 1, exact: false) }
        let z = Swift.max(0, abs(wPlus - mean) - 0.5) / variance.squareRoot()
        return SignedRankResult(wPlus: wPlus, nonZero: n, p: Swift.min(1, erfc(z / 2.0.squareRoot())), exact: false)
    }
}

/// The exact null distribution of W+ for n non-zero differences without ties.
enum SignedRankDistribution {
    /// `counts[w]`: how many of the 2^n equally likely sign patterns give W+ = w: the coefficients of
    /// the product over i in 1...n of (1 + q^i). Exact in Doubles up to n = 50 (2^50 < 2^53).
    static func counts(n: Int) -> [Double] {
        let total = n * (n + 1) / 2
        var poly = [Double](repeating: 0, count: total + 1)
        poly[0] = 1
        guard n > 0 else { return poly }
        for i in 1...n {
            for w in stride(from: total, through: i, by: -1) { poly[w] += poly[w - i] }
        }
        return poly
    }

    /// P(W+ <= k).
    static func lowerTail(n: Int, atMost k: Int) -> Double {
        guard k >= 0 else { return 0 }
        let counts = counts(n: n)
        return counts[0...k].reduce(0, +) / pow(2, Double(n))
    }

    /// The largest c with P(W+ <= c) <= tail, or -1 when even W+ = 0 is more likely than that.
    static func lowerCritical(n: Int, tail: Double) -> Int {
        let counts = counts(n: n)
        let total = pow(2, Double(n))
        var cumulative = 0.0
        var critical = -1
        for (w, count) in counts.enumerated() {
            cumulative += count
            if cumulative / total <= tail { critical = w } else { break }
        }
        return critical
    }
}
