import QueueLabCore

/// Order statistics of the m x n pairwise differences `y[j] - x[i]` without materialising them.
///
/// Two 50 MB results files hold about 150,000 samples a side: 2.25e10 differences, 180 GB as
/// Doubles. The differences form a matrix whose rows (`x` sorted ascending, one row per `x[i]`)
/// increase along `y` sorted ascending and whose columns decrease down the rows, so the number of
/// differences at or below any value can be counted in O(m + n) with one pointer walking the
/// staircase. Selection (Monahan 1984, after Johnson and Mizoguchi 1978) keeps, per row, the range of
/// columns that may still hold the wanted difference, draws a pivot among those candidates, counts
/// around it and drops the side that cannot hold the answer; the candidates shrink geometrically on
/// average, so one order statistic costs O((m + n) log(m + n)) expected time and O(m + n) memory.
///
/// Every difference is computed as the same `y[j] - x[i]` the sorted list used to hold, and rounding
/// is monotone, so the selected values are bit for bit those of sorting all of them.
struct PairwiseDifferenceSelection {
    /// Ascending.
    let x: [Double]
    /// Ascending.
    let y: [Double]

    /// - Parameters: the two samples, in any order; they are sorted here. Neither may hold NaN.
    init(x: [Double], y: [Double]) {
        self.x = x.sorted()
        self.y = y.sorted()
    }

    var count: Int { x.count * y.count }

    /// Below this many candidates they are copied out and sorted: cheaper than more counting passes.
    static let directLimit = 4_096

    /// The `rank`-th smallest difference (0-based).
    ///
    /// - Precondition: `0 <= rank < count`.
    /// - Complexity: O((m + n) log(m + n)) expected.
    func element(atRank rank: Int) -> Double {
        precondition(rank >= 0 && rank < count, "rank \(rank) outside 0..<\(count)")
        let m = x.count
        let n = y.count
        // Candidates of row i: columns lower[i]..<upper[i]. Everything left of them is below the
        // answer, everything right of them above it.
        var lower = [Int](repeating: 0, count: m)
        var upper = [Int](repeating: n, count: m)
        var below = 0  // differences known to be smaller than the answer (left of the candidates)
        var candidates = m * n
        // A fixed seed: the pivots change only the running time, never the result.
        var random = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15 &+ UInt64(rank))
        var lessCounts = [Int](repeating: 0, count: m)
        var atMostCounts = [Int](repeating: 0, count: m)
        while candidates > Self.directLimit {
            let pivot = candidate(number: Int.random(in: 0..<candidates, using: &random), lower, upper)
            let less = countPerRow(into: &lessCounts) { $0 < pivot }
            let atMost = countPerRow(into: &atMostCounts) { $0 <= pivot }
            if rank < less {
                for i in 0..<m { upper[i] = Swift.min(upper[i], lessCounts[i]) }
            } else if rank < atMost {
                return pivot
            } else {
                for i in 0..<m { lower[i] = Swift.max(lower[i], atMostCounts[i]) }
            }
            below = 0
            candidates = 0
            for i in 0..<m {
                below += lower[i]
                candidates += Swift.max(0, upper[i] - lower[i])
            }
        }
        var rest: [Double] = []
        rest.reserveCapacity(candidates)
        for i in 0..<m where lower[i] < upper[i] {
            for j in lower[i]..<upper[i] { rest.append(y[j] - x[i]) }
        }
        return OrderStatistic.select(&rest, rank: rank - below)
    }

    /// The `number`-th candidate, counting row by row.
    private func candidate(number: Int, _ lower: [Int], _ upper: [Int]) -> Double {
        var remaining = number
        for i in 0..<x.count where lower[i] < upper[i] {
            let width = upper[i] - lower[i]
            if remaining < width { return y[lower[i] + remaining] - x[i] }
            remaining -= width
        }
        preconditionFailure("candidate \(number) beyond the candidates")
    }

    /// For every row, how many of its differences satisfy `test` (a predicate closed downwards:
    /// true for a difference implies true for every smaller one); returns the total. A row's count
    /// never falls down the rows, so one pointer walks all of them: O(m + n).
    private func countPerRow(into counts: inout [Int], _ test: (Double) -> Bool) -> Int {
        var total = 0
        var j = 0
        for i in 0..<x.count {
            while j < y.count && test(y[j] - x[i]) { j += 1 }
            counts[i] = j
            total += j
        }
        return total
    }
}
