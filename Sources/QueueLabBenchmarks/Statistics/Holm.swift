/// Holm's step-down correction for testing many hypotheses at once.
package enum Holm {
    /// Adjusted p-values, in the order given: the k-th smallest p is multiplied by (count - k + 1),
    /// capped at 1, and made non-decreasing along the sorted order.
    package static func adjust(_ pValues: [Double]) -> [Double] {
        let count = pValues.count
        let order = pValues.indices.sorted { pValues[$0] < pValues[$1] }
        var adjusted = [Double](repeating: 1, count: count)
        var running = 0.0
        for (rank, index) in order.enumerated() {
            running = Swift.max(running, Swift.min(1, Double(count - rank) * pValues[index]))
            adjusted[index] = running
        }
        return adjusted
    }
}
