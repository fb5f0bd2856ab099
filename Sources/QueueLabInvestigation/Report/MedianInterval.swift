import Foundation
import QueueLabBenchmarks

/// A distribution-free confidence interval for a median, from order statistics (the sign-test
/// interval): the whiskers of the report's throughput bars.
public struct MedianInterval: Sendable, Equatable {
    /// The samples' median.
    public let median: Double
    /// The interval's lower end: an order statistic of the samples, at most ``median``.
    public let lower: Double
    /// The interval's upper end: an order statistic of the samples, at least ``median``.
    public let upper: Double
    /// The coverage the chosen order statistics reach (at least `confidence` when enough samples,
    /// else the most there is: 93.75 percent with 5 samples, 0 with one).
    public let coverage: Double
    /// The finite samples the interval was computed from (at least 1).
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
        // One pass with the mass summed as k grows (a CDF per k made 200,000 samples quadratic), in
        // logs: 2^-n underflows past n = 1074, which once collapsed every large cell's whiskers onto
        // its median.
        var chosen = 1
        var below = 0.0  // P(B <= k - 2)
        var logMass = -Double(n) * log(2.0)  // log P(B = k - 1)
        var k = 1
        while k <= n / 2 {
            let mass = below + exp(logMass)
            guard 1 - 2 * mass >= confidence else { break }
            chosen = k
            below = mass
            logMass += log(Double(n - k + 1) / Double(k))
            k += 1
        }
        lower = sorted[chosen - 1]
        upper = sorted[n - chosen]
        coverage = n == 1 ? 0 : 1 - 2 * Self.binomialCDF(chosen - 1, n)
    }

    /// P(B <= k) for B ~ Binomial(n, 1/2), its terms in logs (no underflow at large n).
    static func binomialCDF(_ k: Int, _ n: Int) -> Double {
        guard k >= 0 else { return 0 }
        var total = 0.0
        var logTerm = -Double(n) * log(2.0)  // log(C(n, 0) / 2^n)
        for i in 0...Swift.min(k, n) {
            total += exp(logTerm)
            logTerm += log(Double(n - i) / Double(i + 1))
        }
        return Swift.min(total, 1)
    }
}
