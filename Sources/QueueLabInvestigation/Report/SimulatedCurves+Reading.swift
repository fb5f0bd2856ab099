import Foundation
import QueueLabBenchmarks

/// What a reader takes from simulated curves in words: the best policy at each width, and where
/// the simulation has been checked against measurement and how well.
extension SimulatedCurves {
    /// The best policy at one width: its figure, and how far the next-best policy is behind it.
    package struct Best: Sendable, Equatable {
        package let width: Int
        /// More than one when policies tie (their figures within a millionth of each other).
        package let policies: [String]
        package let value: Double
        /// The next-best policy, or those tied for it, comma-separated.
        package let runnerUp: String?
        /// How much worse the runner-up is, as a fraction of the best figure (0.05 = 5 % worse).
        package let margin: Double?
    }

    /// The best policy per simulated width, by the simulated figure.
    package var best: [Best] {
        widths.compactMap { width in
            let figures = curves.compactMap { curve in
                curve.simulated.first { $0.width == width }.map { (curve.policy, $0.value) }
            }.sorted { headline.lowerIsBetter ? $0.1 < $1.1 : $0.1 > $1.1 }
            guard let first = figures.first else { return nil }
            let tied = figures.filter { abs($0.1 - first.1) <= abs(first.1) * 1e-6 }
            let next = figures.dropFirst(tied.count).first
            let margin = next.map { headline.lowerIsBetter ? $0.1 / first.1 - 1 : 1 - $0.1 / first.1 }
            // Policies that order alike (strict and fifo on all-normal work) tie as runners-up too.
            let runnersUp = next.map { next in
                figures.dropFirst(tied.count).filter { abs($0.1 - next.1) <= abs(next.1) * 1e-6 }.map(\.0)
            }
            return Best(
                width: width, policies: tied.map(\.0), value: first.1,
                runnerUp: runnersUp?.joined(separator: ", "), margin: first.1 != 0 ? margin : nil)
        }
    }

    /// Simulated against measured at each width the file has both for, per policy.
    package struct Check: Sendable, Equatable {
        package let policy: String
        package let width: Int
        package let simulated: Double
        package let measured: Double
        package let samples: Int
        /// (simulated - measured) / measured.
        package var error: Double { (simulated - measured) / measured }
    }

    package var checks: [Check] {
        curves.flatMap { curve in
            curve.measured.compactMap { point in
                guard let model = curve.simulated.first(where: { $0.width == point.width }), point.value != 0 else {
                    return nil
                }
                return Check(
                    policy: curve.policy, width: point.width, simulated: model.value, measured: point.value,
                    samples: point.samples)
            }
        }
    }

    /// Sentences on how far the curves have been checked: every miss beyond the target named, the
    /// widths past the last measured one called simulated only, no measured point said as such.
    /// The report prints them beside the chart so that no curve extrapolates quietly.
    package var readings: [String] {
        let target = Percent.format(headline.target)
        let whose =
            headline.targetIsStated
            ? "the accuracy stated for this workload" : "the report's own target (none is stated for this workload)"
        let checks = checks
        guard let lastMeasured = checks.map(\.width).max() else {
            return [
                "Not checked: this file has no measured row of \(implementation) on this workload, so every curve is "
                    + "the model's alone. Run simulate --validate, or bench the same workload, to check it."
            ]
        }
        var lines: [String] = []
        let misses = checks.filter { abs($0.error) > headline.target }
        for miss in misses {
            lines.append(
                "DISAGREES: \(miss.policy) at width \(miss.width): simulated \(headline.format(miss.simulated)), "
                    + "measured \(headline.format(miss.measured)) (median of \(miss.samples)), "
                    + "\(signedPercent(miss.error)): beyond \(whose) of \(target). Its curve past width "
                    + "\(miss.width) extends a model that misses here.")
        }
        let held = checks.filter { abs($0.error) <= headline.target }
        if !held.isEmpty {
            let list = held.map { "\($0.policy) at width \($0.width) (\(signedPercent($0.error)))" }
            lines.append("Within \(target) of measurement: \(list.joined(separator: ", ")).")
        }
        let unchecked = curves.filter { curve in !checks.contains { $0.policy == curve.policy } }.map(\.policy)
        if !unchecked.isEmpty {
            lines.append("No measured point for \(unchecked.joined(separator: ", ")): not checked at any width.")
        }
        if let widest = widths.last, widest > lastMeasured {
            lines.append(
                "Past width \(lastMeasured) the curves are simulated only: no measurement checks them there.")
        }
        return lines
    }

    private func signedPercent(_ fraction: Double) -> String {
        String(format: "%+.1f %%", fraction * 100)
    }
}
