import QueueLabCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The smallest shift a row's own test detects in at least ``PlantedShiftPower/target`` of the
/// draws of that row's own noise.
///
/// Why simulate: the normal approximation (z(1 - alpha/2) + z(0.8)) se / sqrt(0.955) promises 80 %
/// power that the exact signed-rank test at Holm's strictest level does not deliver at 20 to 200
/// pairs (planted into measured noise it was detected in far fewer draws: `results/README.md`, "The
/// printed detectable change, checked"), and the rounds rule stopped on that figure. Here the
/// figure is, by construction, what the test does.
///
/// Deterministic: the draws come from a fixed seed, so the same CSVs always print the same figure.
/// The same draws serve every shift (common random numbers): with the shift planted in every value
/// of a draw, a draw detected at one shift is detected at every larger one, so the detected share
/// only grows with the shift, and the smallest shift reaching the target is one quantile.
enum PlantedShiftPower {
    /// The share of draws that must detect the shift. 80 % is the promise; with 400 draws the
    /// estimate of a share near 0.8 has a standard error of 0.02, so 0.85 keeps a shift that is
    /// really detected less than 80 % of the time from passing (at 0.85 the true share would have
    /// to sit 2.5 standard errors below its estimate).
    static let target = 0.85
    static let draws = 400
    static let seed: UInt64 = 0x0DE7_EC7A_B1E5_0001

    /// Draws of `count` values like `values`, centred on `centre`: a smoothed bootstrap (each draw
    /// picks values with replacement and adds a jitter, bandwidth 0.9 s n^-1/5, Silverman's, from
    /// the robust spread s). The jitter matters: plain resampling repeats values, and ties would
    /// switch the exact test to its approximation, which the real comparison (continuous timings,
    /// no ties) never uses.
    ///
    /// The jitter is Student's t with 3 degrees of freedom, not normal, because a small sample
    /// cannot show the tails it missed: 20 pairs of noise beside busy loops (excess kurtosis 8)
    /// often hold no outlier, and a run whose pairs held none printed a figure that fresh draws of
    /// the same noise did not honour. The t kernel's tails stand in for the unseen ones, in
    /// proportion to the bandwidth, so their weight fades as the pairs grow and show their own
    /// tails. Against a normal jitter, the t raised the share of runs whose own figure held, for a
    /// slightly larger figure; a normal jitter of the same variance (sqrt(3) wider) held more often
    /// for a figure larger still: the t is the middle of that trade (`Lab/power-per-run`; the
    /// figures: `results/README.md`, "Figures the documentation used to show"). No figure from 20
    /// heavy-tailed pairs can hold run by run; averaged over runs it holds
    /// (`PrintedDetectablePowerTests`).
    ///
    /// The jitter also widens the draws, on purpose: the row's spread is itself an estimate, low
    /// about as often as high, and a figure from a sample that happened to be quiet would promise
    /// power the next run does not have. For the same reason each draw is scaled by its own factor
    /// sqrt((n - 1) / X), X a chi-square with n - 1 degrees of freedom: how far a spread estimated
    /// from n values is from the true one. The figure is then the power averaged over what the
    /// noise could be, given the sample (the "assurance" of a design), not the power if the
    /// sample's spread were exact, which at 20 pairs was caught in too few fresh draws
    /// (`results/README.md`, "The printed detectable change, checked").
    static func noise(
        _ values: [Double], centre: Double, count: Int, draws: Int = draws, seed: UInt64 = seed
    ) -> [[Double]] {
        let centred = values.map { $0 - centre }
        let bandwidth = 0.9 * DetectableEffect.spread(centred) * pow(Double(centred.count), -0.2)
        let freedom = Swift.max(1, centred.count - 1)
        var random = SplitMix64(seed: seed)
        return (0..<draws).map { _ in
            let chiSquare = chiSquareDraw(freedom: freedom, &random)
            let scale = (Double(freedom) / Swift.max(chiSquare, 1e-12)).squareRoot()
            return (0..<count).map { _ in
                (centred[Int(random.next() % UInt64(centred.count))] + bandwidth * studentT3(&random)) * scale
            }
        }
    }

    /// The smallest shift (in the units of the draws: logs) that the signed-rank test at `level`
    /// detects, planted upward and planted downward, in at least ``target`` of `draws` each; nil
    /// when no outcome at this many pairs reaches the level.
    ///
    /// No bisection over shifts is needed: with no ties and no zeros (the jitter sees to both),
    /// W+ is the number of positive Walsh averages, and planting a shift s moves every Walsh
    /// average by s. A draw is significant upward when W+ >= K (the smallest significant W+), that
    /// is when s is above minus its K-th largest Walsh average; downward when s is at or above its
    /// K-th smallest. Each draw has one threshold a direction, and the detected share at s is the
    /// share of thresholds below s: the smallest shift detected in `target` of the draws is a
    /// quantile of the thresholds, exactly what bisection over s with the same draws would find.
    static func smallestShift(draws: [[Double]], level: Double) -> Double? {
        guard let n = draws.first?.count, n > 0 else { return nil }
        var decision = SignedRankDecision(level: level)
        guard let k = decision.smallestSignificantWPlus(n: n) else { return nil }
        let total = n * (n + 1) / 2
        var upward: [Double] = []
        var downward: [Double] = []
        for draw in draws {
            let walsh = WalshAverageSelection(draw)
            upward.append(-walsh.average(atRank: total - k))
            downward.append(walsh.average(atRank: k - 1))
        }
        let index = Swift.min(draws.count - 1, Int((target * Double(draws.count)).rounded(.up)) - 1)
        let needed = Swift.max(upward.sorted()[index], downward.sorted()[index])
        // A hair above the quantile: upward detection needs the shift strictly above its threshold,
        // and a shift planted value by value rounds differently from one added to a Walsh average.
        return Swift.max(0, needed) * (1 + 1e-9) + 1e-12
    }

    /// The same for two independent samples judged by Mann-Whitney U (`head` shifted against
    /// `base`); nil when no outcome at these sizes reaches the level. With no ties, U of base is
    /// the number of pairwise differences head - base below zero, and a planted shift moves every
    /// difference by it: each draw again has one threshold a direction (an order statistic of its
    /// differences), and the figure is a quantile of them.
    static func smallestShift(base: [[Double]], head: [[Double]], level: Double) -> Double? {
        guard let m = base.first?.count, let n = head.first?.count, m > 0, n > 0,
            let c = RankSumCritical.lower(m: m, n: n, level: level)
        else { return nil }
        var upward: [Double] = []
        var downward: [Double] = []
        for (x, y) in zip(base, head) {
            let differences = PairwiseDifferenceSelection(x: x, y: y)
            // Head up by s: U = #{d < -s} <= c once s >= -(the (c+1)-th smallest d).
            upward.append(-differences.element(atRank: c))
            // Head down by s: U = #{d < s} >= mn - c once s > the (c+1)-th largest d.
            downward.append(differences.element(atRank: m * n - 1 - c))
        }
        let index = Swift.min(base.count - 1, Int((target * Double(base.count)).rounded(.up)) - 1)
        let needed = Swift.max(upward.sorted()[index], downward.sorted()[index])
        return Swift.max(0, needed) * (1 + 1e-9) + 1e-12
    }

    /// A chi-square value with `freedom` degrees: the sum of squares up to 1000 degrees; beyond,
    /// Wilson and Hilferty's cube of a normal (within a fraction of a percent there), so a
    /// 150,000-sample row does not draw 150,000 normals a draw.
    static func chiSquareDraw(freedom: Int, _ random: inout SplitMix64) -> Double {
        guard freedom > 1_000 else {
            return (0..<freedom).reduce(0.0) { sum, _ in
                let z = gaussian(&random)
                return sum + z * z
            }
        }
        let k = Double(freedom)
        let term = 2 / (9 * k)
        return k * pow(1 - term + gaussian(&random) * term.squareRoot(), 3)
    }

    /// A value of Student's t with 3 degrees of freedom (Bailey's polar method: two uniforms in
    /// the unit disc, no normal or chi-square draws).
    static func studentT3(_ random: inout SplitMix64) -> Double {
        while true {
            let u = 2 * Double(random.next() >> 11) / 9_007_199_254_740_992 - 1
            let v = 2 * Double(random.next() >> 11) / 9_007_199_254_740_992 - 1
            let w = u * u + v * v
            guard w > 0, w <= 1 else { continue }
            return u * (3 * (pow(w, -2.0 / 3) - 1) / w).squareRoot()
        }
    }

    /// A standard normal value (Box-Muller).
    static func gaussian(_ random: inout SplitMix64) -> Double {
        let u1 = (Double(random.next() >> 11) + 0.5) / 9_007_199_254_740_992
        let u2 = Double(random.next() >> 11) / 9_007_199_254_740_992
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}
