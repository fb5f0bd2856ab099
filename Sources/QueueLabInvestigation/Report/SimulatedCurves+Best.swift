import Foundation

extension SimulatedCurves {
    /// The best policy at each simulated width in words, for a terminal: what `simulate` prints
    /// after its table, so that "which policy for this graph at 16 cores" takes one command.
    /// Empty when only one policy was simulated (nothing to choose between).
    package var bestPolicyLines: [String] {
        guard curves.count > 1 else { return [] }
        let heading = "best policy by \(headline.label) (sim:\(implementation), \(workloadLabel)):"
        return [heading]
            + best.map { best in
                let policies = best.policies.joined(separator: ", ") + (best.policies.count > 1 ? " (tied)" : "")
                var line = "  width \(best.width): \(policies) \(headline.format(best.value))"
                if let runnerUp = best.runnerUp, let margin = best.margin {
                    line += "; next \(runnerUp), \(String(format: "%.1f", margin * 100)) % worse"
                }
                return line
            }
    }
}
