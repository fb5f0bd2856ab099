#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The smallest change a comparison would detect with 80 percent power, given the noise and the
/// number of samples it saw: a comparison that cannot see 10 percent proves nothing by passing.
/// Reported as a fraction: exp(delta) - 1 (0.12 = a 12 percent change).
///
/// Paired rows: simulated with the test the comparison runs (`PlantedShiftPower`): shifts are
/// planted into draws of the row's own log ratios (centred on their Hodges-Lehmann estimate,
/// widened by the sampling error of their spread: power averaged over what the noise could be),
/// the signed-rank test (exact up to 50 pairs, else its approximation, as
/// `WilcoxonSignedRank.test(_:)`) judges each draw at `alpha`, and the smallest shift detected in
/// at least 85 % of draws, upward and downward, is the figure (85 %, not 80 %, absorbs the
/// simulation's own error; see `PlantedShiftPower.target`). The normal formula this replaced
/// overstated the power of the exact test at Holm's strictest level (`results/README.md`, "The
/// printed detectable change, checked").
///
/// Unpaired rows the same way with Mann-Whitney U: each sample's own logs drawn (independently),
/// the shift planted in head's. The normal formula, delta = (z(1 - alpha/2) + z(power)) * se /
/// sqrt(3/pi), se the pooled robust spread of the logs times sqrt(1/m + 1/n), now only starts
/// nothing: it is what two constant samples get (0).
///
/// The spread s is robust: 1.4826 times the median absolute deviation, which equals the standard
/// deviation under normal noise. The tests are rank tests, which one wild round (a sample that hit
/// a burst of foreign load) barely moves; the standard deviation would let that one round claim the
/// comparison is blind. Where more than half the values tie (identical instruction counts) the
/// deviation is zero and says nothing, and the standard deviation is used.
public enum DetectableEffect {
    /// The power the detectable effect is stated at: a change of that size is detected by at least
    /// 80 percent of comparisons.
    public static let power = 0.80
    /// Asymptotic relative efficiency of Wilcoxon's tests against the t test, normal noise.
    public static let efficiency = 3 / Double.pi
    /// The most pairs a power simulation draws (see ``paired(logRatios:alpha:centre:)``).
    public static let largestSimulatedPairs = 500

    /// For paired log ratios, at the test level `alpha` (Holm's strictest: alpha / rows). Infinite
    /// when fewer than two, or when no outcome of an exact test of this many could reach `alpha`
    /// (six pairs: the smallest two-sided p is 2/64 = 0.031).
    /// - Parameters:
    ///   - logRatios: the row's per-round log ratios head/base.
    ///   - alpha: the test level (Holm's strictest: 0.05 / rows).
    ///   - centre: where the row's noise is centred (its Hodges-Lehmann log ratio); the
    ///     median when nil.
    public static func paired(logRatios: [Double], alpha: Double, centre: Double? = nil) -> Double {
        let n = logRatios.count
        guard n >= 2 else { return .infinity }
        if n <= WilcoxonSignedRank.exactLimit && 2 / pow(2, Double(n)) >= alpha { return .infinity }
        guard standardDeviation(logRatios) > 0 else {
            // Every ratio the same: any planted shift makes n equal differences, one tie group,
            // which the test judges by its tie-corrected approximation: all or nothing.
            var decision = SignedRankDecision(level: alpha)
            return decision.direction([Double](repeating: 1, count: n)) == 1 ? 0 : .infinity
        }
        // Past ``largestSimulatedPairs`` the test is its normal approximation, whose power depends on
        // the shift times sqrt(n) alone: simulate that many pairs and scale, rather than spend
        // seconds a row on a 150,000-round run.
        let simulated = Swift.min(n, largestSimulatedPairs)
        let noise = PlantedShiftPower.noise(logRatios, centre: centre ?? median(logRatios), count: simulated)
        guard let shift = PlantedShiftPower.smallestShift(draws: noise, level: alpha) else { return .infinity }
        return exp(shift * (Double(simulated) / Double(n)).squareRoot()) - 1
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
        let formula = fraction(
            alpha: alpha, standardError: (pooledVariance * (1 / Double(m) + 1 / Double(n))).squareRoot())
        // Both samples constant: nothing to simulate (every draw would tie); the formula says 0.
        guard standardDeviation(x) > 0 || standardDeviation(y) > 0 else { return formula }
        // As paired rows: at most ``largestSimulatedPairs`` a side simulated, the shift scaled by the
        // standard error's ratio beyond (the approximation's power depends on shift / se alone).
        let simulatedM = Swift.min(m, largestSimulatedPairs)
        let simulatedN = Swift.min(n, largestSimulatedPairs)
        let scale = ((1 / Double(m) + 1 / Double(n)) / (1 / Double(simulatedM) + 1 / Double(simulatedN))).squareRoot()
        let base = PlantedShiftPower.noise(x, centre: median(x), count: simulatedM)
        // Another seed: the head's draws must be independent of the base's.
        let head = PlantedShiftPower.noise(y, centre: median(y), count: simulatedN, seed: PlantedShiftPower.seed &+ 1)
        guard let shift = PlantedShiftPower.smallestShift(base: base, head: head, level: alpha) else {
            return .infinity
        }
        return exp(shift * scale) - 1
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
