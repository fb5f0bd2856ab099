#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The smallest change a comparison would detect with 80 percent power, given the noise and the
/// number of samples it saw: a comparison that cannot see 10 percent proves nothing by passing.
///
/// On logs, for a two-sided test at level alpha: delta = (z(1 - alpha/2) + z(power)) * se / sqrt(ARE),
/// where se is s / sqrt(n) for n paired log ratios, or the pooled s of the logs times
/// sqrt(1/m + 1/n) for two independent samples, and ARE = 3/pi (0.955) is the efficiency of the
/// rank tests relative to the t test under normal noise (they need 1/0.955 as many samples).
/// Reported as a fraction: exp(delta) - 1 (0.12 = a 12 percent change).
///
/// The spread s is robust: 1.4826 times the median absolute deviation, which equals the standard
/// deviation under normal noise. The tests are rank tests, which one wild round (a sample that hit
/// a burst of foreign load) barely moves; the standard deviation would let that one round claim the
/// comparison is blind. Where more than half the values tie (identical instruction counts) the
/// deviation is zero and says nothing, and the standard deviation is used.
public enum DetectableEffect {
    public static let power = 0.80
    /// Asymptotic relative efficiency of Wilcoxon's tests against the t test, normal noise.
    public static let efficiency = 3 / Double.pi

    /// For paired log ratios. Infinite when fewer than two, or when no outcome of an exact test of
    /// this many could reach `alpha` (six pairs: the smallest two-sided p is 2/64 = 0.031).
    public static func paired(logRatios: [Double], alpha: Double) -> Double {
        let n = logRatios.count
        guard n >= 2 else { return .infinity }
        if n <= WilcoxonSignedRank.exactLimit && 2 / pow(2, Double(n)) > alpha { return .infinity }
        return fraction(alpha: alpha, standardError: spread(logRatios) / Double(n).squareRoot())
    }

    /// For two independent samples of logs.
    public static func unpaired(logBase x: [Double], logHead y: [Double], alpha: Double) -> Double {
        let m = x.count
        let n = y.count
        guard m >= 2, n >= 2 else { return .infinity }
        if m <= MannWhitney.exactLimit && n <= MannWhitney.exactLimit
            && 2 * UDistribution.lowerTail(m: m, n: n, atMost: 0) > alpha
        {
            return .infinity
        }
        let pooledVariance =
            (pow(spread(x), 2) * Double(m - 1) + pow(spread(y), 2) * Double(n - 1)) / Double(m + n - 2)
        return fraction(
            alpha: alpha, standardError: (pooledVariance * (1 / Double(m) + 1 / Double(n))).squareRoot())
    }

    static func fraction(alpha: Double, standardError: Double) -> Double {
        let z = NormalDistribution.quantile(1 - alpha / 2) + NormalDistribution.quantile(power)
        return exp(z * standardError / efficiency.squareRoot()) - 1
    }

    /// 1.4826 x the median absolute deviation from the median, or the standard deviation where that
    /// is zero.
    static func spread(_ values: [Double]) -> Double {
        let deviation = 1.4826 * median(values.map { abs($0 - median(values)) })
        return deviation > 0 ? deviation : standardDeviation(values)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Sample standard deviation (n - 1).
    static func standardDeviation(_ values: [Double]) -> Double {
        let mean = values.reduce(0, +) / Double(values.count)
        let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        return (squares / Double(values.count - 1)).squareRoot()
    }
}
