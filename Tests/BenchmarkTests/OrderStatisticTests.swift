import QueueLabCore
import Testing

@testable import QueueLabBenchmarks

/// The selection that replaced sorts in the pairwise-difference and Walsh-average searches must
/// return, for every rank, the element sorting puts there: on ties, sorted and reversed runs, and
/// random arrays.
struct OrderStatisticTests {
    static func shapes() -> [[Double]] {
        var random = SplitMix64(seed: 42)
        var shapes: [[Double]] = [
            [1], [2, 1], [1, 1], [3, 1, 2], Array(repeating: 0.5, count: 17),
            (0..<50).map(Double.init), (0..<50).reversed().map(Double.init),
            (0..<64).map { Double($0 % 3) },  // three values, many ties
            [-0.0, 0.0, -1, 1, .infinity, -.infinity],
        ]
        for size in [7, 100, 1_000] {
            shapes.append((0..<size).map { _ in Double(Int.random(in: 0..<(size / 3 + 1), using: &random)) * 0.25 })
            shapes.append((0..<size).map { _ in Double(random.next() >> 11) / 9_007_199_254_740_992 })
        }
        return shapes
    }

    @Test func everyRankIsTheSortedElement() {
        for values in Self.shapes() {
            let sorted = values.sorted()
            // Every rank of the small arrays, about forty of each large one.
            for rank in stride(from: 0, to: values.count, by: max(1, values.count / 40)) {
                var scratch = values
                let selected = OrderStatistic.select(&scratch, rank: rank)
                // -0.0 and 0.0 compare equal, for sorting as for this check: either may stand at
                // their ranks.
                #expect(selected == sorted[rank], "rank \(rank) of \(values.count)")
                #expect(scratch.sorted() == sorted, "the array keeps its elements")
            }
        }
    }
}
