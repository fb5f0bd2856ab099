import Foundation
import QueueLabCore
import TestTiers
import Testing

@testable import QueueLabBenchmarks

/// The long tier of `PairedStatisticsTests` (`QUEUELAB_LONG_TESTS=1`): exact statistics over a hundred thousand pairs.
extension PairedStatisticsTests {
    /// 100,000 pairs: 5e9 Walsh averages, never stored; the median is checked by counting around it.
    @Test(.longTier("exact statistics over a hundred thousand pairs"), .onComputeThread, .timeLimit(.minutes(30)))
    func walshSelectionOfAHundredThousandPairs() {
        var random = SplitMix64(seed: 42)
        let d = (0..<100_000).map { _ in Double(Int.random(in: -5_000...6_000, using: &random)) / 1_000 }
        let selection = WalshAverageSelection(d)
        let rank = selection.count / 2
        let median = selection.average(atRank: rank)
        #expect(selection.countAtMost(2 * median) > rank)
        #expect(selection.countAtMost((2 * median).nextDown) <= rank)
        let ratio = HodgesLehmann.pairedRatio(logRatios: d)
        #expect(ratio.lower < ratio.ratio && ratio.ratio < ratio.upper)
    }
}
