import QueueLabCore

/// When `open`'s operations arrive: Poisson (exponential gaps, as independent users) or
/// constant (evenly spaced, as a timer). Gaps are drawn from the seed before the timed phase.
package enum ArrivalProcess: String, Sendable, Hashable, CaseIterable {
    case poisson
    case constant

    package init(parsing text: String) throws(WorkloadParseError) {
        self = try .named(text, parameter: "arrivals")
    }

    /// `count` intended arrival times, nanoseconds after the first (which is 0), at `rate` a second.
    package func schedule(count: Int, rate: Double, using random: inout SplitMix64) -> [UInt64] {
        var times: [UInt64] = []
        times.reserveCapacity(count)
        let meanGap = Self.meanGap(rate: rate)
        var clock = 0.0
        for index in 0..<count {
            if index > 0 { clock = advance(clock, meanGap: meanGap, using: &random) }
            times.append(UInt64(clock.rounded()))
        }
        return times
    }

    /// Nanoseconds between arrivals on average, at `rate` a second.
    static func meanGap(rate: Double) -> Double { 1e9 / rate }

    /// The clock (unrounded nanoseconds) at the next arrival: each arrival needs only the one
    /// before it, so a schedule can be drawn one arrival at a time (``OpenLoopDraws``).
    func advance(_ clock: Double, meanGap: Double, using random: inout SplitMix64) -> Double {
        clock + (self == .constant ? meanGap : meanGap * ServiceDistribution.unitExponential(&random))
    }
}
