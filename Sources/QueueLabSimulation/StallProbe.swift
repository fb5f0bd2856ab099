import Foundation
import QueueLabCore

/// Measures the stalls a calibration's `StallModel` draws from: `threads` threads (one a core,
/// as saturated workers) each read the clock in a tight loop for `duration`; a gap between two
/// reads longer than ``threshold`` is time the thread lost its core.
public enum StallProbe {
    /// Shorter gaps are the loop's own cost and cache misses, not a lost core.
    public static let threshold: UInt64 = 2_000
    /// Durations a calibration keeps: quantiles at evenly spaced probabilities, enough to keep
    /// the millisecond stalls of the last percent.
    public static let quantiles = 64

    /// Stalls a second of a thread's time and their durations' quantiles, ascending.
    public static func measure(threads: Int, duration: Duration) -> (perSecond: Double, durations: [UInt64]) {
        let length =
            UInt64(duration.components.seconds) * 1_000_000_000
            + UInt64(duration.components.attoseconds / 1_000_000_000)
        let gaps = Locked<[UInt64]>([])
        let done = DispatchGroup()
        for _ in 0..<Swift.max(1, threads) {
            done.enter()
            Thread {
                let found = spin(for: length)
                gaps.withLock { $0 += found }
                done.leave()
            }.start()
        }
        done.wait()
        let all = gaps.withLock { $0 }.sorted()
        let perSecond = Double(all.count) / (Double(Swift.max(1, threads)) * Double(length) / 1e9)
        guard !all.isEmpty else { return (0, []) }
        return (perSecond, quantilesOf(all))
    }

    /// `sorted`'s values at probabilities (i + 0.5) / k, k = ``quantiles`` (fewer when it holds fewer).
    static func quantilesOf(_ sorted: [UInt64]) -> [UInt64] {
        let count = Swift.min(quantiles, sorted.count)
        return (0..<count).map { index in
            let probability = (Double(index) + 0.5) / Double(count)
            return sorted[Swift.min(sorted.count - 1, Int(probability * Double(sorted.count)))]
        }
    }

    private static func spin(for length: UInt64) -> [UInt64] {
        var found: [UInt64] = []
        let start = MonotonicClock.now()
        var last = start
        while last &- start < length {
            let now = MonotonicClock.now()
            if now &- last > threshold { found.append(now &- last) }
            last = now
        }
        return found
    }
}
