import QueueLabCore

/// The priorities of `open`'s operations: weights per level, `normal` (all normal, the default) or
/// `high:10+normal:80+low:10`; each operation's level is drawn from the seed.
package struct PriorityMix: Sendable, Hashable {
    /// Weight per `QueuePriority/level` (veryLow = 0).
    package let weights: [Int]

    static let names: [(String, QueuePriority)] = [
        ("verylow", .veryLow), ("low", .low), ("normal", .normal), ("high", .high), ("veryhigh", .veryHigh),
    ]
    package static let validForms =
        "normal, or LEVEL:WEIGHT+LEVEL:WEIGHT (high:10+normal:90); levels "
        + names.map(\.0).joined(separator: ", ") + "; weights whole numbers, at least one above zero"

    package init(parsing text: String) throws(WorkloadParseError) {
        var weights = [0, 0, 0, 0, 0]
        var total = 0
        for entry in text.split(separator: "+", omittingEmptySubsequences: false) {
            let parts = entry.split(separator: ":", maxSplits: 1).map(String.init)
            let weight = parts.count == 2 ? Int(parts[1]) : (parts.count == 1 ? 1 : nil)
            guard let level = Self.names.firstIndex(where: { $0.0 == parts.first }), let weight, weight >= 0 else {
                throw WorkloadParseError(message: "open: mix=\(text) is not a priority mix; valid: \(Self.validForms)")
            }
            // `draw` takes a ticket among all the weights at once: their sum must be an Int.
            let (sum, overflow) = total.addingReportingOverflow(weight)
            guard !overflow else {
                throw WorkloadParseError(
                    message: "open: mix=\(text) has weights above \(Int.max) in all; valid: \(Self.validForms)")
            }
            total = sum
            weights[level] += weight
        }
        guard weights.contains(where: { $0 > 0 }) else {
            throw WorkloadParseError(message: "open: mix=\(text) has no weight above zero; valid: \(Self.validForms)")
        }
        self.weights = weights
    }

    /// Only `normal`: needs no priority capability.
    package var isAllNormal: Bool { weights.enumerated().allSatisfy { $0.offset == 2 || $0.element == 0 } }

    /// The canonical spelling: `normal` alone, else levels from the highest down with their weights.
    package var text: String {
        if isAllNormal { return "normal" }
        return (0..<5).reversed().filter { weights[$0] > 0 }.map { "\(Self.names[$0].0):\(weights[$0])" }
            .joined(separator: "+")
    }

    package func draw(using random: inout SplitMix64) -> QueuePriority {
        var ticket = random.int(in: 0...(weights.reduce(0, +) - 1))
        for level in 0..<5 {
            if ticket < weights[level] { return Self.names[level].1 }
            ticket -= weights[level]
        }
        return .normal
    }
}
