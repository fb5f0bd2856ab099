#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The two-sided Mann-Whitney U test (Wilcoxon rank-sum) of two independent samples.
///
/// Method: exact when there are no ties and both samples hold at most ``MannWhitney/exactLimit`` values (the null
/// distribution of U counted exactly, as `scipy.stats.mannwhitneyu(method="exact")`); otherwise the
/// normal approximation with tie correction and continuity correction (as
/// `scipy.stats.mannwhitneyu(method="asymptotic", use_continuity=True)`).
package struct MannWhitneyResult: Sendable, Equatable {
    /// U of the first sample: the number of pairs (x, y) with x > y, ties counting one half.
    package let u: Double
    /// Two-sided p-value.
    package let p: Double
    package let exact: Bool
}

package enum MannWhitney {
    package static let exactLimit = 50

    package static func test(_ x: [Double], _ y: [Double]) -> MannWhitneyResult {
        let m = x.count
        let n = y.count
        guard m > 0, n > 0 else { return MannWhitneyResult(u: 0, p: 1, exact: false) }
        let (ranks, tieGroups) = Ranking.ranks(of: x + y)
        let rankSumX = ranks[0..<m].reduce(0, +)
        let u = rankSumX - Double(m * (m + 1)) / 2
        let hasTies = tieGroups.contains { $0 > 1 }
        if !hasTies && m <= exactLimit && n <= exactLimit {
            let k = Int(u.rounded())
            // U is symmetric about mn / 2: P(U >= k) = P(U <= mn - k). Both tails are taken from the
            // lower end, a sum of small exact counts; the upper end sums counts near C(m+n, m),
            // which Doubles hold only approximately, and the cancellation gave negative p-values
            // from about 40 samples a side.
            let tail = UDistribution.lowerTail(m: m, n: n, atMost: Swift.min(k, m * n - k))
            return MannWhitneyResult(u: u, p: Swift.min(1, 2 * tail), exact: true)
        }
        let mean = Double(m * n) / 2
        let total = Double(m + n)
        let tieTerm = tieGroups.reduce(0.0) { $0 + Double($1 * $1 * $1 - $1) } / (total * (total - 1))
        let variance = Double(m * n) / 12 * ((total + 1) - tieTerm)
        guard variance > 0 else { return MannWhitneyResult(u: u, p: 1, exact: false) }
        let distance = Swift.max(0, abs(u - mean) - 0.5)
        let z = distance / variance.squareRoot()
        return MannWhitneyResult(u: u, p: Swift.min(1, erfc(z / 2.0.squareRoot())), exact: false)
    }
}

/// Mid-ranks (1-based; tied values share the mean of their ranks) and the sizes of the tie groups.
enum Ranking {
    static func ranks(of values: [Double]) -> (ranks: [Double], tieGroups: [Int]) {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: values.count)
        var groups: [Int] = []
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count && values[order[end + 1]] == values[order[start]] { end += 1 }
            let rank = Double(start + end) / 2 + 1
            for position in start...end { ranks[order[position]] = rank }
            groups.append(end - start + 1)
            start = end + 1
        }
        return (ranks, groups)
    }
}

/// The exact null distribution of U for samples of sizes m and n (no ties).
enum UDistribution {
    /// `counts[u]`: how many of the C(m+n, m) equally likely arrangements give U = u. These are the
    /// coefficients of the Gaussian binomial coefficient, built as the product over i in 1...m of
    /// (1 - q^(n+i)) / (1 - q^i); each division is exact. Doubles: C(100, 50) overflows UInt64.
    static func counts(m: Int, n: Int) -> [Double] {
        var poly = [Double](repeating: 0, count: m * n + m + 1)
        poly[0] = 1
        guard m > 0 else { return [1] }
        for i in 1...m {
            let shift = n + i
            if shift < poly.count {
                for k in stride(from: poly.count - 1, through: shift, by: -1) { poly[k] -= poly[k - shift] }
            }
            for k in i..<poly.count { poly[k] += poly[k - i] }
        }
        return Array(poly[0...(m * n)])
    }

    /// P(U <= k), summed from the smallest counts (no cancellation for a small tail).
    static func lowerTail(m: Int, n: Int, atMost k: Int) -> Double {
        let counts = counts(m: m, n: n)
        let total = counts.reduce(0, +)
        return counts[0...k].reduce(0, +) / total
    }

    /// The largest c with P(U <= c) <= tail, or -1 when even U = 0 is more likely than that.
    static func lowerCritical(m: Int, n: Int, tail: Double) -> Int {
        let counts = counts(m: m, n: n)
        let total = counts.reduce(0, +)
        var cumulative = 0.0
        var critical = -1
        for (u, count) in counts.enumerated() {
            cumulative += count
            if cumulative / total <= tail { critical = u } else { break }
        }
        return critical
    }
}
