import Foundation
import QueueLabCore

/// What an `open` operation's body costs: a distribution of spin times, drawn per operation from
/// the workload's seed before the timed phase (drawing inside a body would cost the body).
///
/// Written `const:50us`, `exp:50us`, `bimodal:5us,500us,0.01` (fast, slow, share of slow ones) or
/// `lognormal:20us,1.5` (median, sigma of the log: a heavy tail); times take `ns`, `us`, `ms` or `s`.
package enum ServiceDistribution: Sendable, Hashable {
    case constant(nanoseconds: UInt64)
    case exponential(meanNanoseconds: UInt64)
    case bimodal(fastNanoseconds: UInt64, slowNanoseconds: UInt64, slowShare: Double)
    case lognormal(medianNanoseconds: UInt64, sigma: Double)

    package static let validForms =
        "const:50us, exp:50us, bimodal:FAST,SLOW,SHARE (bimodal:5us,500us,0.01), lognormal:MEDIAN,SIGMA (lognormal:20us,1.5); times in ns, us, ms or s, at most 1s; SHARE 0 to 1; SIGMA above 0, at most 4"

    /// The longest body a workload may ask for: longer ones make a sweep take hours.
    static let longestNanoseconds: UInt64 = 1_000_000_000

    package init(parsing text: String) throws(WorkloadParseError) {
        func fail(_ why: String) -> WorkloadParseError {
            WorkloadParseError(message: "open: service=\(text) \(why); valid: \(Self.validForms)")
        }
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw fail("is not NAME:PARAMETERS") }
        let arguments = parts[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        func time(_ index: Int) throws(WorkloadParseError) -> UInt64 {
            guard let value = Self.parseTime(arguments[index]) else { throw fail("has no time '\(arguments[index])'") }
            guard value <= Self.longestNanoseconds else { throw fail("has a time above 1s") }
            return value
        }
        switch (parts[0], arguments.count) {
        case ("const", 1): self = .constant(nanoseconds: try time(0))
        case ("exp", 1):
            let mean = try time(0)
            guard mean > 0 else { throw fail("needs a mean above zero") }
            self = .exponential(meanNanoseconds: mean)
        case ("bimodal", 3):
            let (fast, slow) = (try time(0), try time(1))
            guard let share = Double(arguments[2]), (0...1).contains(share) else { throw fail("needs SHARE 0 to 1") }
            self = .bimodal(fastNanoseconds: fast, slowNanoseconds: slow, slowShare: share)
        case ("lognormal", 2):
            let median = try time(0)
            guard median > 0 else { throw fail("needs a median above zero") }
            guard let sigma = Double(arguments[1]), sigma > 0, sigma <= 4 else {
                throw fail("needs SIGMA above 0, at most 4")
            }
            self = .lognormal(medianNanoseconds: median, sigma: sigma)
        default:
            throw fail("is not a known distribution with that many parameters")
        }
    }

    /// `250ns`, `50us`, `2ms`, `1s` (a decimal number before the unit is allowed: `1.5ms`).
    static func parseTime(_ text: String) -> UInt64? {
        let units: [(String, Double)] = [("ns", 1), ("us", 1e3), ("ms", 1e6), ("s", 1e9)]
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            guard let number = Double(text.dropLast(suffix.count)), number >= 0, number.isFinite else { return nil }
            let nanoseconds = (number * scale).rounded()
            return nanoseconds <= 1e12 ? UInt64(nanoseconds) : nil
        }
        return nil
    }

    /// `50us` when whole microseconds, else `1500ns`: one spelling per value, so `params` compare.
    static func timeText(_ nanoseconds: UInt64) -> String {
        nanoseconds % 1_000 == 0 ? "\(nanoseconds / 1_000)us" : "\(nanoseconds)ns"
    }

    /// The canonical spelling (the CSV `params` value).
    package var text: String {
        switch self {
        case .constant(let value): "const:\(Self.timeText(value))"
        case .exponential(let mean): "exp:\(Self.timeText(mean))"
        case .bimodal(let fast, let slow, let share):
            "bimodal:\(Self.timeText(fast)),\(Self.timeText(slow)),\(share)"
        case .lognormal(let median, let sigma): "lognormal:\(Self.timeText(median)),\(sigma)"
        }
    }

    /// The distribution's mean in nanoseconds: what queueing theory and the default sweep use.
    package var meanNanoseconds: Double {
        switch self {
        case .constant(let value): Double(value)
        case .exponential(let mean): Double(mean)
        case .bimodal(let fast, let slow, let share): (1 - share) * Double(fast) + share * Double(slow)
        case .lognormal(let median, let sigma): Double(median) * exp(sigma * sigma / 2)
        }
    }

    /// The mean residual body time, E[S²] / (2 E[S]): what an arrival waits for the body in
    /// progress to end, on average, the term by which the body time's spread enters every wait
    /// (Pollaczek-Khinchine: M/G/1's mean wait is λ E[S²] / (2 (1 − ρ))). Equal to the mean for
    /// `exp`, half of it for `const`, and far above it for a heavy tail (`bimodal:5us,500us,0.01`:
    /// 127 us against a mean of 10 us).
    package var meanResidualNanoseconds: Double {
        let mean = meanNanoseconds
        guard mean > 0 else { return 0 }
        let secondMoment: Double =
            switch self {
            case .constant(let value): Double(value) * Double(value)
            case .exponential(let mean): 2 * Double(mean) * Double(mean)
            case .bimodal(let fast, let slow, let share):
                (1 - share) * Double(fast) * Double(fast) + share * Double(slow) * Double(slow)
            case .lognormal(let median, let sigma): Double(median) * Double(median) * exp(2 * sigma * sigma)
            }
        return secondMoment / (2 * mean)
    }

    /// One draw, in nanoseconds, capped at 1 s so one wild draw of a heavy tail cannot stall a sample.
    package func draw(using random: inout SplitMix64) -> UInt64 {
        let value: Double
        switch self {
        case .constant(let nanoseconds): return nanoseconds
        case .exponential(let mean): value = Double(mean) * Self.unitExponential(&random)
        case .bimodal(let fast, let slow, let share):
            return Self.unitUniform(&random) < share ? slow : fast
        case .lognormal(let median, let sigma):
            value = Double(median) * exp(sigma * Self.standardNormal(&random))
        }
        return UInt64(Swift.min(value.rounded(), Double(Self.longestNanoseconds)))
    }

    /// Uniform in (0, 1]: never 0, so its logarithm is finite.
    static func unitUniform(_ random: inout SplitMix64) -> Double {
        (Double(random.next() >> 11) + 1) / 9_007_199_254_740_992.0
    }

    /// Exponential with mean 1: -ln(U).
    static func unitExponential(_ random: inout SplitMix64) -> Double { -log(unitUniform(&random)) }

    /// Box-Muller: one standard normal from two uniforms.
    static func standardNormal(_ random: inout SplitMix64) -> Double {
        let radius = (-2 * log(unitUniform(&random))).squareRoot()
        return radius * cos(2 * Double.pi * unitUniform(&random))
    }
}
