#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension HodgesLehmann {
    /// The paired estimate of head over base: exp of the median of the Walsh averages of the per-round
    /// log ratios, with the distribution-free interval from the signed-rank distribution (Tukey's,
    /// as R's `wilcox.test(paired = TRUE, conf.int = TRUE)`; zeros kept, as R does for the interval).
    ///
    /// - Parameters:
    ///   - logRatios: log(head) - log(base), one per round.
    ///   - confidence: the interval's coverage.
    package static func pairedRatio(logRatios: [Double], confidence: Double = 0.95) -> HodgesLehmannRatio {
        guard !logRatios.isEmpty else {
            return HodgesLehmannRatio(ratio: 1, lower: 0, upper: .infinity, confidence: confidence)
        }
        let walsh = WalshAverageSelection(logRatios)
        let count = walsh.count
        let middle =
            count % 2 == 1
            ? walsh.average(atRank: count / 2)
            : (walsh.average(atRank: count / 2 - 1) + walsh.average(atRank: count / 2)) / 2
        let c = pairedCritical(n: logRatios.count, confidence: confidence)
        guard c >= 0 else {
            return HodgesLehmannRatio(ratio: exp(middle), lower: 0, upper: .infinity, confidence: confidence)
        }
        // From the (c+1)-th smallest to the (c+1)-th largest Walsh average.
        return HodgesLehmannRatio(
            ratio: exp(middle), lower: exp(walsh.average(atRank: c)),
            upper: exp(walsh.average(atRank: count - 1 - c)), confidence: confidence)
    }

    /// Walsh averages cut from each end: exact up to ``WilcoxonSignedRank/exactLimit`` pairs, else normal.
    static func pairedCritical(n: Int, confidence: Double) -> Int {
        let tail = (1 - confidence) / 2
        if n <= WilcoxonSignedRank.exactLimit { return SignedRankDistribution.lowerCritical(n: n, tail: tail) }
        let z = NormalDistribution.quantile(1 - tail)
        let total = Double(n) * Double(n + 1) / 2
        let spread = (Double(n) * Double(n + 1) * Double(2 * n + 1) / 24).squareRoot()
        return Int((total / 2 - z * spread).rounded(.down))
    }
}
