/// Nanosecond values counted in buckets of at most 1/128 of their value (exact below 256 ns), as
/// HdrHistogram counts them: a run's figures then need memory for the range of its values, not for
/// its operations, and a finished operation keeps nothing of its own.
///
/// - Complexity: O(1) to record; O(b) for a percentile, b the buckets up to the largest value
///   (at most about 7,400).
struct LatencyHistogram: Equatable, Sendable {
    /// Counts by bucket, up to the largest recorded value's bucket.
    private(set) var counts: [Int] = []
    private(set) var total = 0
    private(set) var maximum: UInt64 = 0
    private(set) var sum: Double = 0

    mutating func record(_ value: UInt64) {
        let index = Self.index(value)
        if index >= counts.count { counts.append(contentsOf: repeatElement(0, count: index - counts.count + 1)) }
        counts[index] += 1
        total += 1
        maximum = max(maximum, value)
        sum += Double(value)
    }

    /// Below 256 a bucket a value; from 256 on, 128 buckets a power of two.
    static func index(_ value: UInt64) -> Int {
        guard value >= 256 else { return Int(value) }
        let magnitude = 63 - value.leadingZeroBitCount - 7
        return 256 + (magnitude - 1) * 128 + Int(value >> UInt64(magnitude)) - 128
    }

    /// The middle of a bucket: its value below 256, else its lowest value plus half its width.
    static func value(ofBucket index: Int) -> UInt64 {
        guard index >= 256 else { return UInt64(index) }
        let magnitude = (index - 256) / 128 + 1
        let lowest = UInt64((index - 256) % 128 + 128) << UInt64(magnitude)
        return lowest + (1 << UInt64(magnitude - 1))
    }

    /// The value of the `rank`-th smallest (1-based) recorded value's bucket, at most the maximum.
    func value(atRank rank: Int) -> UInt64 {
        var seen = 0
        for (index, count) in counts.enumerated() where count > 0 {
            seen += count
            if seen >= rank { return min(maximum, Self.value(ofBucket: index)) }
        }
        return maximum
    }

    /// Nearest rank, as the exact figures of a sorted list are read.
    func percentile(_ percent: Double) -> UInt64 {
        value(atRank: min(total, max(1, Int((percent / 100 * Double(total)).rounded(.up)))))
    }

    var mean: Double { total > 0 ? sum / Double(total) : 0 }
}
