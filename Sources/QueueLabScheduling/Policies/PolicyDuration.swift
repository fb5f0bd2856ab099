import QueueLabCore

/// Durations as policy parameters spell them: a whole number and a unit (`2ms`, `500us`, `1s`).
enum PolicyDuration {
    static let expectation = "a positive duration with a unit: ns, us, ms or s (e.g. 2ms, 500us)"

    private static let units: [(suffix: String, nanoseconds: UInt64)] = [
        ("ns", 1), ("us", 1_000), ("µs", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000),
    ]

    /// The largest unit that divides it evenly: `2ms`, not `2000000ns`.
    static func format(_ duration: Duration) -> String {
        let nanoseconds = duration.nanoseconds
        for unit in [("s", 1_000_000_000), ("ms", 1_000_000), ("us", 1_000)] as [(String, UInt64)]
        where nanoseconds % unit.1 == 0 && nanoseconds > 0 {
            return "\(nanoseconds / unit.1)\(unit.0)"
        }
        return "\(nanoseconds)ns"
    }

    /// nil unless a positive whole number of a known unit.
    static func parse(_ text: String) -> Duration? {
        // Longest suffix first, so that `ms` is not read as `s`.
        for unit in units.sorted(by: { $0.suffix.count > $1.suffix.count }) where text.hasSuffix(unit.suffix) {
            guard let count = UInt64(text.dropLast(unit.suffix.count)), count > 0 else { return nil }
            let (nanoseconds, overflow) = count.multipliedReportingOverflow(by: unit.nanoseconds)
            guard !overflow, nanoseconds <= UInt64(Int64.max) else { return nil }
            return .nanoseconds(Int64(nanoseconds))
        }
        return nil
    }
}
