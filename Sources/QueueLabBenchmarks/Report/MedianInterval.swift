import Foundation

/// A distribution-free confidence interval for a median, from order statistics (the sign-test
/// interval): the whiskers of the report's throughput bars.
public struct MedianInterval: Sendable, Equatable {
    public let median: Double
    public let lower: Double
    public let upper: Double
    /// The coverage the chosen order statistics reach (at least `confidence` when enough samples,
    /// else the most there is: 93.75 percent with 5 samples, 0 with one).
    public let coverage: Double
    public let count: Int

    /// - Parameters:
    ///   - values: the samples (non-finite ones are ignored); `nil` when none is left.
    ///   - confidence: the coverage asked for, 0.95 by default.
    public init?(_ values: [Double], confidence: Double = 0.95) {
        let sorted = values.filter(\.isFinite).sorted()
        guard !sorted.isEmpty else { return nil }
        let n = sorted.count
        count = n
        median = Median.of(sorted)
        // The interval [x(k), x(n-k+1)] (1-based) covers the median with probability
        // 1 - 2 P(B <= k-1), B ~ Binomial(n, 1/2). Take the largest k that still reaches `confidence`.
        var chosen = 1
        var k = 1
        while k <= n / 2 {
            if 1 - 2 * Self.binomialCDF(k - 1, n) >= confidence { chosen = k } else { break }
            k += 1
        }
        lower = sorted[chosen - 1]
        upper = sorted[n - chosen]
        coverage = n == 1 ? 0 : 1 - 2 * Self.binomialCDF(chosen - 1, n)
    }

    /// P(B <= k) for B ~ Binomial(n, 1/2).
    static func binomialCDF(_ k: Int, _ n: Int) -> Double {
        guard k >= 0 else { return 0 }
        var total = 0.0
        var term = pow(0.5, Double(n))  // C(n, 0) / 2^n
        for i in 0...Swift.min(k, n) {
            total += term
            term *= Double(n - i) / Double(i + 1)
        }
        return Swift.min(total, 1)
    }
}
