import Foundation
import QueueLabCore

/// The weighted-shares promise judged over a stretch of starts of a width-1 queue during which
/// the same levels had ready work: stride scheduling keeps each of the k levels' passes within one
/// stride of the global pass, so over such a stretch of n starts a level of weight w gets
/// n·w/W starts (W: the stretch's total weight) within k+1. Weighted fair queueing keeps a lag of
/// the same order. A stretch ends when the set of busy levels changes, at a cancel or a priority
/// change, and when a cancelled operation is retired without its body. That retirement is not
/// counted: the contract leaves open when a queue retires it against its other starts (`cancel()`
/// returns before the queue reacts, and the harness sees the finish when it is delivered), and
/// whether its policy is charged for it. Counted as a start, it made the verdict depend on timing:
/// a stretch of retirements of one level read as that level starting alone while the others
/// had ready work (`results/trust/model-based.md`, the stress campaign of the seven policies).
struct ShareWindow: Hashable, Sendable {
    var levels: Set<Int> = []
    var starts = [Int](repeating: 0, count: 5)

    var count: Int { starts.reduce(0, +) }

    /// Why the stretch breaks the promise under `weights`, or nil.
    func violation(weights: [Int]) -> String? {
        let k = levels.count
        guard k >= 2, count > 0 else { return nil }
        let total = levels.reduce(0) { $0 + weights[$1] }
        for level in levels.sorted() {
            let expected = Double(count * weights[level]) / Double(total)
            if abs(Double(starts[level]) - expected) > Double(k + 1) {
                let shares = levels.sorted().map { "\(levelName($0)) \(starts[$0])" }
                return
                    "over \(count) starts while levels \(levels.sorted().map(levelName).joined(separator: ", ")) had ready work, \(levelName(level)) started \(starts[level]) times where its weight gives \(String(format: "%.1f", expected)) ± \(k + 1) (starts: \(shares.joined(separator: ", ")); weights \(weights.map(String.init).joined(separator: ":")))"
            }
        }
        return nil
    }
}

/// A level's name (`veryLow` for 0) for messages.
func levelName(_ level: Int) -> String { "\(QueuePriority(level: level))" }
