/// Order statistics of the n(n+1)/2 Walsh sums `d[i] + d[j]` (i <= j) without materialising them.
///
/// A paired run of 150,000 rounds has 1.1e10 Walsh averages. With `d` sorted, the number of sums
/// at or below a value is counted in O(n) by one pointer walking down as `i` walks up, so the k-th
/// smallest sum is found by bisecting on the value and then snapping to the largest sum at or below
/// the bracket's top: O(n log n) for the sort, O(n) per bisection step, O(n) memory.
///
/// Up to ``directLimit`` sums (n up to 90) they are listed and selected from instead: the bisection
/// runs up to 64 counting walks, more than listing them costs. Sums are halved only at the end
/// (exact in binary), so either way the result is bit for bit that of sorting.
struct WalshAverageSelection {
    /// Ascending.
    let d: [Double]

    /// - Parameter differences: any order; none may be NaN.
    init(_ differences: [Double]) { d = differences.sorted() }

    var count: Int { d.count * (d.count + 1) / 2 }

    /// At or below this many sums, they are listed and selected from.
    static let directLimit = 4_096

    /// Pairs i <= j with d[i] + d[j] <= value.
    func countAtMost(_ value: Double) -> Int {
        d.withUnsafeBufferPointer { d in
            var total = 0
            var j = d.count - 1
            for i in d.indices {
                while j >= i && d[i] + d[j] > value { j -= 1 }
                if j < i { break }
                total += j - i + 1
            }
            return total
        }
    }

    /// The largest sum at or below `value` (there must be one).
    private func largestSum(atMost value: Double) -> Double {
        d.withUnsafeBufferPointer { d in
            var best = -Double.infinity
            var j = d.count - 1
            for i in d.indices {
                while j >= i && d[i] + d[j] > value { j -= 1 }
                if j < i { break }
                best = Swift.max(best, d[i] + d[j])
            }
            return best
        }
    }

    /// Every sum d[i] + d[j], i <= j, in no particular order.
    private func allSums() -> [Double] {
        var sums: [Double] = []
        sums.reserveCapacity(count)
        d.withUnsafeBufferPointer { d in
            for i in d.indices {
                for j in i..<d.count { sums.append(d[i] + d[j]) }
            }
        }
        return sums
    }

    /// The `rank`-th smallest Walsh average (0-based).
    ///
    /// - Precondition: `0 <= rank < count`.
    func average(atRank rank: Int) -> Double {
        precondition(rank >= 0 && rank < count, "rank \(rank) outside 0..<\(count)")
        if count <= Self.directLimit {
            var sums = allSums()
            return OrderStatistic.select(&sums, rank: rank) / 2
        }
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
