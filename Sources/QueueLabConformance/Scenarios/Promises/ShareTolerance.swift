/// How far a level's count of starts may stray from what its weight promises, relative to that
/// expectation rather than in absolute points, so that a starved light class fails however small
/// its share: `|count − expected| ≤ 4.5 · √(expected · (1 − p)) + 2`, with `p` the level's share.
/// The root term is 4.5 standard deviations of a binomial count (a randomised, lottery-style
/// policy escapes it about once in 150,000 levels); the 2 covers a deterministic stride
/// scheduler, which is within one pick of its share. At 2,000 starts and weights 1:2:4:8:16,
/// `veryLow` expects 64.5 starts and may show 27 to 102: zero fails.
enum ShareTolerance {
    static func allowance(expected: Double, share: Double) -> Double {
        4.5 * (expected * (1 - share)).squareRoot() + 2
    }

    /// One line per level that strays too far; empty when all keep their weights.
    static func misses(counts: [Int], weights: [Int]) -> [String] {
        let total = Double(counts.reduce(0, +))
        let weightSum = Double(weights.reduce(0, +))
        var lines: [String] = []
        for level in counts.indices {
            let share = Double(weights[level]) / weightSum
            let expected = total * share
            let allowed = allowance(expected: expected, share: share)
            if abs(Double(counts[level]) - expected) > allowed {
                lines.append(
                    "\(QueuePriorityName.of(level)): \(counts[level]) starts, weight \(weights[level]) expects \(Int(expected.rounded())) ± \(Int(allowed))"
                )
            }
        }
        return lines
    }
}

/// Level names without importing the model: `veryLow` ... `veryHigh`.
enum QueuePriorityName {
    static func of(_ level: Int) -> String { ["veryLow", "low", "normal", "high", "veryHigh"][level] }
}
