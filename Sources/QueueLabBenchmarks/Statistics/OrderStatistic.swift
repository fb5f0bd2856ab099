/// Order statistics of a small array, for the selections whose candidates fit in memory.
enum OrderStatistic {
    /// The `rank`-th smallest of `values` (0-based), found by partitioning around the median of
    /// three (Hoare's FIND): O(k) expected where sorting was O(k log k), and the same value, since
    /// it is an element of the array and exactly `rank` of the others are ordered before it. Typed
    /// for `Double` on purpose: an unoptimised build runs the standard library's generic sort
    /// through value witnesses, and the power simulations of the test suite select millions of
    /// times. `values` is reordered.
    static func select(_ values: inout [Double], rank: Int) -> Double {
        precondition(rank >= 0 && rank < values.count, "rank \(rank) outside 0..<\(values.count)")
        return values.withUnsafeMutableBufferPointer { buffer in
            var low = 0
            var high = buffer.count - 1
            while low < high {
                let middle = low + (high - low) / 2
                // Median of three to buffer[middle]: sorted runs, common here, stay linear.
                if buffer[middle] < buffer[low] { buffer.swapAt(middle, low) }
                if buffer[high] < buffer[low] { buffer.swapAt(high, low) }
                if buffer[high] < buffer[middle] { buffer.swapAt(high, middle) }
                let pivot = buffer[middle]
                var i = low
                var j = high
                while i <= j {
                    while buffer[i] < pivot { i += 1 }
                    while pivot < buffer[j] { j -= 1 }
                    if i <= j {
                        buffer.swapAt(i, j)
                        i += 1
                        j -= 1
                    }
                }
                // low..j hold values <= pivot, i..high values >= pivot, and j < k < i equal it.
                if rank <= j {
                    high = j
                } else if rank >= i {
                    low = i
                } else {
                    return buffer[rank]
                }
            }
            return buffer[rank]
        }
    }
}
