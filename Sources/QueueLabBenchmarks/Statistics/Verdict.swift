/// The outcome of comparing one figure of one cell between a base and a head run.
public enum Verdict: String, Sendable, CaseIterable, Comparable {
    /// Significant (after Holm) and worse than the practical floor.
    case regression = "REGRESSION"
    /// Significant and better than the practical floor.
    case improvement = "IMPROVEMENT"
    /// The change is within the floor: the interval lies inside it, or it is significant but small.
    case same = "SAME"
    /// Too few samples, or an interval too wide to say either way: collect more samples.
    case inconclusive = "INCONCLUSIVE"

    private var rank: Int { Verdict.allCases.firstIndex(of: self)! }
    public static func < (lhs: Verdict, rhs: Verdict) -> Bool { lhs.rank < rhs.rank }
}

/// The decision rule, kept apart from the arithmetic so that it can be tested on its own.
public struct VerdictRule: Sendable {
    /// The practical floor: 0.10 means a change under 10 percent is never a regression.
    public var threshold: Double
    /// Below this many samples on either side nothing is judged (benchstat wants 6 for an interval).
    public var minimumSamples: Int
    /// Family-wise significance level after Holm's correction.
    public var alpha: Double
    /// SAME needs the 95% interval inside this margin; nil: the threshold. A gate wants the two apart:
    /// a low floor so that a real 10% slowdown is a REGRESSION even when its estimate comes out at 8%,
    /// and a margin it can vouch for with the samples it has (an interval inside 5% needs more
    /// samples than an interval inside 10%, so a 5% margin leaves quiet rows INCONCLUSIVE).
    public var sameWithin: Double?

    /// A rule with a practical floor and SAME margin as fractions (`sameWithin` nil: the floor), the
    /// fewest samples a side, and the family-wise significance level.
    public init(threshold: Double = 0.10, minimumSamples: Int = 6, alpha: Double = 0.05, sameWithin: Double? = nil) {
        self.threshold = threshold
        self.minimumSamples = minimumSamples
        self.alpha = alpha
        self.sameWithin = sameWithin
    }

    /// The margin SAME is judged against.
    public var margin: Double { sameWithin ?? threshold }

    /// - Parameters:
    ///   - baseCount: samples on the base side.
    ///   - headCount: samples on the head side.
    ///   - worsening: head over base oriented so that above 1 is worse (a time ratio, or the inverse
    ///     of a throughput ratio), with its interval in the same orientation.
    ///   - lower: lower end of the 95% interval of `worsening`.
    ///   - upper: upper end of the 95% interval of `worsening`.
    ///   - adjustedP: the row's p-value (Wilcoxon signed-rank when paired, else Mann-Whitney U) after
    ///     Holm's correction.
    public func verdict(
        baseCount: Int, headCount: Int, worsening: Double, lower: Double, upper: Double, adjustedP: Double
    ) -> Verdict {
        guard baseCount >= minimumSamples, headCount >= minimumSamples else { return .inconclusive }
        let ceiling = 1 + threshold
        let floor = 1 / ceiling
        let significant = adjustedP < alpha
        if significant && worsening > ceiling { return .regression }
        if significant && worsening < floor { return .improvement }
        if lower >= 1 / (1 + margin) && upper <= 1 + margin { return .same }
        if significant { return .same }  // real but smaller than the floor
        return .inconclusive
    }
}

extension VerdictRule {
    /// The rule for one figure: its own floor, which is also its margin, when it has one
    /// (``Figure/ownThresholds``), else this.
    public func forFigure(_ column: String) -> VerdictRule {
        guard let own = Figure.ownThresholds[column] else { return self }
        var rule = self
        rule.threshold = own
        rule.sameWithin = nil
        return rule
    }

    /// How the rule reads in a report's footnote: "worse than 5%" and, when the margin differs,
    /// where SAME lies.
    public var floorDescription: String {
        let floor = "worse than \(Percent.format(threshold))"
        guard margin != threshold else { return floor }
        return floor + "; SAME = the 95% interval within \(Percent.format(margin)) either way"
    }
}
