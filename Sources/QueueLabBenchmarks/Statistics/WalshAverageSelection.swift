/// Order statistics of the n(n+1)/2 Walsh sums `d[i] + d[j]` (i <= j) without materialising them.
///
/// A paired run of 150,000 rounds has 1.1e10 Walsh averages. With `d` sorted, the number of sums
/// at or below a value is counted in O(n) by one pointer walking down as `i` walks up, so the k-th
/// smallest sum is found by bisecting on the value and then snapping to the largest sum at or below
/// the bracket's top: O(n log n) for the sort, O(n) per bisection step, O(n) memory.
///
/// Sums are halved only at the end (exact in binary), so the result is bit for bit that of sorting.
struct WalshAverageSelection {
    /// Ascending.
    let d: [Double]

    /// - Parameter differences: any order; none may be NaN.
    init(_ differences: [Double]) { d = differences.sorted() }

    var count: Int { d.count * (d.count + 1) / 2 }

    /// Pairs i <= j with d[i] + d[j] <= value.
    func countAtMost(_ value: Double) -> Int {
        var total = 0
        var j = d.count - 1
        for i in d.indices {
            while j >= i && d[i] + d[j] > value { j -= 1 }
            if j < i { break }
            total += j - i + 1
        }
        return total
    }

    /// The largest sum at or below `value` (there must be one).
    private func largestSum(atMost value: Double) -> Double {
        var best = -Double.infinity
        var j = d.count - 1
        for i in d.indices {
            while j >= i && d[i] + d[j] > value { j -= 1 }
            if j < i { break }
            best = Swift.max(best, d[i] + d[j])
        }
        return best
    }

    /// The `rank`-th smallest Walsh average (0-based).
    ///
    /// - Precondition: `0 <= rank < count`.
    func average(atRank rank: Int) -> Double {
        precondition(rank >= 0 && rank < count, "rank \(rank) outside 0..<\(count)")
        // Invariant: countAtMost(low) <= rank < countAtMost(high).
        var low = 2 * d[0] - 1
        var high = 2 * d[d.count - 1]
        while true {
            let middle = low + (high - low) / 2
            if middle <= low || middle >= high { break }
            if countAtMost(middle) > rank { high = middle } else { low = middle }
        }
        return largestSum(atMost: high) / 2
    }
}
