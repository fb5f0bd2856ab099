#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether ``WilcoxonSignedRank/test(_:)`` would find paired differences significant at one level,
/// and in which direction: the same test, with its exact critical value counted once per number
/// of differences instead of once per call (a power estimate asks it hundreds of thousands of times).
///
/// Mirrors the test case for case: zeros dropped; exact (no ties, at most
/// ``WilcoxonSignedRank/exactLimit`` left) as p = 2 P(W+ <= min(W+, total - W+)) < level; otherwise
/// the tie- and continuity-corrected normal approximation, erfc(z / sqrt 2) < level.
struct SignedRankDecision {
    let level: Double
    /// Per n, the largest k with 2 P(W+ <= k) < level, or -1 (no outcome reaches the level).
    private var critical: [Int: Int] = [:]

    init(level: Double) {
        self.level = level
    }

    /// +1 when the differences are significantly positive, -1 significantly negative, 0 neither.
    mutating func direction(_ differences: [Double]) -> Int {
        let kept = differences.filter { $0 != 0 }
        let n = kept.count
        guard n > 0 else { return 0 }
        let (ranks, tieGroups) = Ranking.ranks(of: kept.map(abs))
        let wPlus = zip(kept, ranks).reduce(0.0) { $0 + ($1.0 > 0 ? $1.1 : 0) }
        let total = n * (n + 1) / 2
        let sign = wPlus * 2 > Double(total) ? 1 : -1
        if !tieGroups.contains(where: { $0 > 1 }) && n <= WilcoxonSignedRank.exactLimit {
            let k = Int(wPlus.rounded())
            return Swift.min(k, total - k) <= criticalValue(n: n) ? sign : 0
        }
        let mean = Double(total) / 2
        let tieTerm = tieGroups.reduce(0.0) { $0 + Double($1 * $1 * $1 - $1) } / 48
        let variance = Double(n) * Double(n + 1) * Double(2 * n + 1) / 24 - tieTerm
        guard variance > 0 else { return 0 }
        let z = Swift.max(0, abs(wPlus - mean) - 0.5) / variance.squareRoot()
        return erfc(z / 2.0.squareRoot()) < level ? sign : 0
    }

    /// The smallest W+ significant upward at this level for `n` differences without ties or zeros
    /// (by symmetry, W+ at most total - that is significant downward), or nil when none is.
    mutating func smallestSignificantWPlus(n: Int) -> Int? {
        let total = n * (n + 1) / 2
        if n <= WilcoxonSignedRank.exactLimit {
            let c = criticalValue(n: n)
            return c < 0 ? nil : total - c
        }
        let mean = Double(total) / 2
        let deviation = (Double(n) * Double(n + 1) * Double(2 * n + 1) / 24).squareRoot()
        for w in Int(mean.rounded(.up))...total {
            let z = Swift.max(0, Double(w) - mean - 0.5) / deviation
            if erfc(z / 2.0.squareRoot()) < level { return w }
        }
        return nil
    }

    private mutating func criticalValue(n: Int) -> Int {
        if let known = critical[n] { return known }
        let counts = SignedRankDistribution.counts(n: n)
        let all = pow(2, Double(n))
        var cumulative = 0.0
        var found = -1
        // The test's p is 2 * cumulative / all; strictly below the level, as Holm's `adjustedP < alpha`.
        for (w, count) in counts.enumerated() {
            cumulative += count
            guard 2 * cumulative / all < level else { break }
            found = w
        }
        critical[n] = found
        return found
    }
}
