import Foundation
import QueueLabCore

/// The priority classes of `overload` and the figures drawn from their starts. Public for the
/// simulator (QueueLabSimulation), which draws the same classes and figures.
package enum OverloadClasses {
    /// `count` priority levels spread from `veryLow` to `veryHigh` (2: those two; 3: and `normal`;
    /// 5: all), lowest first.
    package static func levels(count: Int) -> [Int] {
        let top = QueuePriority.veryHigh.level
        let classes = Swift.min(Swift.max(count, 2), top + 1)
        return (0..<classes).map { ($0 * top + (classes - 1) / 2) / (classes - 1) }
    }

    /// Per class present: its share of the starts in the window, its starts per second and (with
    /// `weights`) the share its weight asks for; and Jain's
    /// index over each share divided by its weight's share (`weights` per level, from `veryLow`;
    /// nil: equal weights), 1 when every class got what its weight asks, 1/n when one took all.
    package static func figures(
        startsInWindow starts: [Int], levels: [Int], windowNanoseconds: UInt64, weights: [Int]?
    ) -> [String: Double] {
        var figures: [String: Double] = [:]
        let total = Double(levels.reduce(0) { $0 + starts[$1] })
        guard total > 0 else { return figures }
        let seconds = Double(Swift.max(windowNanoseconds, 1)) / 1e9
        let classWeights = levels.map { level in Double(weights.map { $0[level] } ?? 1) }
        let weightTotal = classWeights.reduce(0, +)
        var normalised: [Double] = []
        for (index, level) in levels.enumerated() {
            let name = Figure.priorityClasses[level]
            let share = Double(starts[level]) / total
            figures["prio_\(name)_share"] = share
            figures["prio_\(name)_ops_per_s"] = Double(starts[level]) / seconds
            normalised.append(share / (classWeights[index] / weightTotal))
            if weights != nil { figures["prio_\(name)_weight_share"] = classWeights[index] / weightTotal }
        }
        figures["jain_index"] = jain(normalised)
        return figures
    }

    /// (Σx)² / (n · Σx²): 1 when all are equal, 1/n when one holds everything.
    static func jain(_ values: [Double]) -> Double {
        let squares = values.reduce(0) { $0 + $1 * $1 }
        guard squares > 0 else { return 0 }
        let sum = values.reduce(0, +)
        return sum * sum / (Double(values.count) * squares)
    }

    /// Sleeps until the monotonic clock reads `deadline` (nanoseconds); returns at once if it passed.
    static func sleep(until deadline: UInt64) {
        while true {
            let now = MonotonicClock.now()
            guard now < deadline else { return }
            Thread.sleep(forTimeInterval: Double(deadline - now) / 1e9)
        }
    }
}
