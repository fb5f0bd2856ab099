#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Hodges-Lehmann estimate of how much larger `y` is than `x`, as a ratio, with a confidence
/// interval (Moses's distribution-free interval from the U distribution).
public struct HodgesLehmannRatio: Sendable, Equatable {
    /// exp(median of log(y_j) - log(x_i) over all pairs): 1.25 means y is typically 25 percent larger.
    public let ratio: Double
    /// The interval's lower end, at ``confidence``.
    public let lower: Double
    /// The interval's upper end, at ``confidence``.
    public let upper: Double
    /// The coverage asked for (0.95); the interval's true coverage is at least that.
    public let confidence: Double
}

package enum HodgesLehmann {
    /// Up to this many pairs the interval's rank comes from the exact U distribution, above it from
    /// the normal approximation.
    static let exactPairLimit = 2_500

    /// Ratio estimate and interval of `y` over `x`. Values must be positive (they are logged); a value
    /// at or below zero is replaced by half the smallest positive value of both samples, and when none
    /// is positive the samples are equal (ratio 1).
    package static func ratio(_ x: [Double], _ y: [Double], confidence: Double = 0.95) -> HodgesLehmannRatio {
        guard !x.isEmpty, !y.isEmpty else {
            return HodgesLehmannRatio(ratio: 1, lower: 0, upper: .infinity, confidence: confidence)
        }
        guard let smallest = (x + y).filter({ $0 > 0 }).min() else {
            return HodgesLehmannRatio(ratio: 1, lower: 1, upper: 1, confidence: confidence)
        }
        let floor = smallest / 2
        let logX = x.map { log(Swift.max($0, floor)) }
        let logY = y.map { log(Swift.max($0, floor)) }
        // The m x n log differences are selected from, never materialised (see PairwiseDifferenceSelection).
        let differences = PairwiseDifferenceSelection(x: logX, y: logY)
        let count = differences.count
        let middle =
            count % 2 == 1
            ? differences.element(atRank: count / 2)
            : (differences.element(atRank: count / 2 - 1) + differences.element(atRank: count / 2)) / 2
        let c = critical(m: x.count, n: y.count, confidence: confidence)
        guard c >= 0 else {
            return HodgesLehmannRatio(ratio: exp(middle), lower: 0, upper: .infinity, confidence: confidence)
        }
        // Moses: the interval runs from the (c+1)-th smallest to the (c+1)-th largest difference.
        return HodgesLehmannRatio(
            ratio: exp(middle), lower: exp(differences.element(atRank: c)),
            upper: exp(differences.element(atRank: count - 1 - c)), confidence: confidence)
    }

    /// The number of differences cut from each end of the sorted list.
    static func critical(m: Int, n: Int, confidence: Double) -> Int {
        let tail = (1 - confidence) / 2
        if m * n <= exactPairLimit { return UDistribution.lowerCritical(m: m, n: n, tail: tail) }
        let z = NormalDistribution.quantile(1 - tail)
        // In Doubles: m * n * (m + n + 1) overflows Int from about a million samples a side.
        let pairs = Double(m) * Double(n)
        let spread = (pairs * Double(m + n + 1) / 12).squareRoot()
        return Int((pairs / 2 - z * spread).rounded(.down))
    }
}

enum NormalDistribution {
    /// The standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9).
    static func quantile(_ p: Double) -> Double {
        let a = [
            -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
            1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00,
        ]
        let b = [
            -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
            6.680131188771972e+01, -1.328068155288572e+01,
        ]
        let c = [
            -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
            -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00,
        ]
        let d = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00]
        let low = 0.02425
        if p < low {
            let q = (-2 * log(p)).squareRoot()
            return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
                / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
        }
        if p > 1 - low { return -quantile(1 - p) }
        let q = p - 0.5
        let r = q * q
        return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
            / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
    }
}
