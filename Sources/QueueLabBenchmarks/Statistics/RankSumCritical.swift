#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The critical value of ``MannWhitney/test(_:_:)`` at one level for samples without ties: the
/// largest c such that U <= c (or U >= mn - c) is significant. The same two branches as the test:
/// exact (both at most ``MannWhitney/exactLimit``) as 2 P(U <= c) < level, else the continuity-
/// corrected normal approximation.
enum RankSumCritical {
    /// nil when no outcome of samples this size reaches the level.
    static func lower(m: Int, n: Int, level: Double) -> Int? {
        if m <= MannWhitney.exactLimit && n <= MannWhitney.exactLimit {
            let counts = UDistribution.counts(m: m, n: n)
            let total = counts.reduce(0, +)
            var cumulative = 0.0
            var found: Int? = nil
            for (u, count) in counts.enumerated() {
                cumulative += count
                guard 2 * cumulative / total < level else { break }
                found = u
            }
            return found
        }
        let mean = Double(m * n) / 2
        let deviation = (Double(m * n) * Double(m + n + 1) / 12).squareRoot()
        var found: Int? = nil
        for u in 0...Int(mean.rounded(.down)) {
            let z = Swift.max(0, mean - Double(u) - 0.5) / deviation
            guard erfc(z / 2.0.squareRoot()) < level else { break }
            found = u
        }
        return found
    }
}
