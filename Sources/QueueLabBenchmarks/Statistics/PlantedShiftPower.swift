#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

import QueueLabCore

/// The smallest shift a row's own test detects in at least ``PlantedShiftPower/target`` of the
/// draws of that row's own noise, found by bisection.
///
/// Why simulate: the normal approximation (z(1 - alpha/2) + z(0.8)) se / sqrt(0.955) promises 80 %
/// power that the exact signed-rank test at Holm's strictest level does not deliver at 20 to 200
/// pairs (planted into measured noise it was detected in 14 to 73 % of draws, issue 28), and the
/// rounds rule stopped on that figure. Here the figure is, by construction, what the test does.
///
/// Deterministic: the draws come from a fixed seed, so the same CSVs always print the same figure.
/// The same draws serve every shift tried (common random numbers): with the shift planted in every
/// value of a draw, a draw detected at one shift is detected at every larger one, so the detected
/// share only grows with the shift and bisection is sound.
enum PlantedShiftPower {
    /// The share of draws that must detect the shift. 80 % is the promise; with 400 draws the
    /// estimate of a share near 0.8 has a standard error of 0.02, so 0.85 keeps a shift that is
    /// really detected less than 80 % of the time from passing (at 0.85 the true share would have
    /// to sit 2.5 standard errors below its estimate).
    static let target = 0.85
    static let draws = 400
    static let seed: UInt64 = 0x0DE7_EC7A_B1E5_0001
    /// Beyond exp(12) (a factor of 160,000) nothing is "detectable" in any useful sense.
    static let largestShift = 12.0

    /// Draws of `count` values like `values`, centred on `centre`: a smoothed bootstrap (each draw
    /// picks values with replacement and adds a small normal jitter, Silverman's bandwidth from the
    /// robust spread), shrunk so that a draw's variance is the sample's. The jitter matters: plain
    /// resampling repeats values, and ties would switch the exact test to its approximation,
    /// which the real comparison (continuous timings, no ties) never uses.
    static func noise(_ values: [Double], centre: Double, count: Int, draws: Int = draws) -> [[Double]] {
        let centred = values.map { $0 - centre }
        let n = Double(centred.count)
        let mean = centred.reduce(0, +) / n
        let variance = centred.count > 1 ? centred.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1) : 0
        let bandwidth = 0.9 * DetectableEffect.spread(centred) * pow(n, -0.2)
        let shrink = variance > 0 ? 1 / (1 + bandwidth * bandwidth / variance).squareRoot() : 1
        var random = SplitMix64(seed: seed)
        return (0..<draws).map { _ in
            (0..<count).map { _ in
                let picked = centred[Int(random.next() % UInt64(centred.count))]
                return mean + (picked - mean + bandwidth * gaussian(&random)) * shrink
            }
        }
    }

    /// The smallest shift (in the units of the draws: logs) that `detects` finds, planted upward
    /// and planted downward, in at least `target` of the draws each; infinite when even
    /// ``largestShift`` is not. `guess` starts the bracket (any positive value works; a close one
    /// saves steps).
    /// - Parameter detects: (shift, draw index, sign +1 or -1) -> detected in that direction.
    static func smallestShift(draws: Int, guess: Double, detects: (Double, Int, Int) -> Bool) -> Double {
        let needed = Int((target * Double(draws)).rounded(.up))
        func passes(_ shift: Double) -> Bool {
            for sign in [1, -1] {
                var hits = 0
                var misses = 0
                for index in 0..<draws {
                    if detects(shift, index, sign) { hits += 1 } else { misses += 1 }
                    if hits >= needed { break }
                    if misses > draws - needed { return false }
                }
            }
            return true
        }
        var high = Swift.min(Swift.max(guess, 1e-6), largestShift)
        while !passes(high) {
            guard high < largestShift else { return .infinity }
            high = Swift.min(2 * high, largestShift)
        }
        var low = high / 2
        while low > 1e-9 && passes(low) {
            high = low
            low /= 2
        }
        // Half a percent of the shift is finer than any row can tell apart.
        while (high - low) > 0.005 * high {
            let middle = (low + high) / 2
            if passes(middle) { high = middle } else { low = middle }
        }
        return high
    }

    /// A standard normal value (Box-Muller).
    static func gaussian(_ random: inout SplitMix64) -> Double {
        let u1 = (Double(random.next() >> 11) + 0.5) / 9_007_199_254_740_992
        let u2 = Double(random.next() >> 11) / 9_007_199_254_740_992
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}
