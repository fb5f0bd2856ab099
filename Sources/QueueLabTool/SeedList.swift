/// The seeds of a campaign, as `--seeds` takes them: ranges and single seeds, comma-separated
/// (`1-5000`, `3,17,40-45`), in the order given, each once.
struct SeedList: Sendable, Equatable, CustomStringConvertible {
    let seeds: [UInt64]
    /// As typed, for the child processes, which parse it again.
    let specification: String

    /// Campaigns beyond this are refused: a typo of one digit should not start a week-long run.
    static let maximumCount = 1_000_000

    init(_ specification: String) throws(SeedListError) {
        // The bound counts seeds as written, repeats included: each costs a lookup, and `0-999999`
        // written fifty times is fifty million of them for a million seeds. The whole list is read
        // and counted before any range is expanded, so a list past the bound costs no expansion.
        var ranges: [ClosedRange<UInt64>] = []
        var listed: UInt64 = 0
        for item in specification.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = item.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(bounds.count), let low = UInt64(bounds[0]),
                let high = bounds.count == 2 ? UInt64(bounds[1]) : low, low <= high
            else { throw SeedListError(specification: specification) }
            guard high - low < UInt64(Self.maximumCount) else { throw SeedListError(specification: specification) }
            listed += high - low + 1
            guard listed <= UInt64(Self.maximumCount) else { throw SeedListError(specification: specification) }
            ranges.append(low...high)
        }
        var seeds: [UInt64] = []
        var seen: Set<UInt64> = []
        for range in ranges {
            for seed in range where seen.insert(seed).inserted {
                seeds.append(seed)
            }
        }
        guard !seeds.isEmpty else { throw SeedListError(specification: specification) }
        self.seeds = seeds
        self.specification = specification
    }

    init(single seed: UInt64) {
        seeds = [seed]
        specification = "\(seed)"
    }

    var description: String { specification }
}

struct SeedListError: Error, CustomStringConvertible {
    let specification: String
    var description: String {
        "--seeds takes seeds and ranges such as 1-5000 or 3,17,40-45 (at most \(SeedList.maximumCount) seeds), not '\(specification)'"
    }
}
