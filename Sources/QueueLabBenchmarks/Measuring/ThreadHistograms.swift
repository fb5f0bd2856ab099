import Histogram

/// The latency histograms one thread records into: written only by that thread while a sample
/// runs, read by the merging thread after the queue drained.
package struct LatencyHistograms: Sendable {
    package var enqueueToStart = LatencyHistograms.empty()
    package var startToFinish = LatencyHistograms.empty()
    package var enqueueToFinish = LatencyHistograms.empty()
    /// Enqueue-to-start per priority level (`QueuePriority/level`, veryLow = 0).
    package var enqueueToStartByLevel: [Histogram<UInt64>] = (0..<5).map { _ in LatencyHistograms.empty() }

    package init() {}

    /// Nanoseconds from 1 to 60 s at three significant digits; larger values widen the histogram.
    static func empty() -> Histogram<UInt64> {
        var histogram = Histogram<UInt64>(
            lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
        histogram.autoResize = true
        return histogram
    }

    package mutating func add(_ other: LatencyHistograms) {
        enqueueToStart.add(other.enqueueToStart)
        startToFinish.add(other.startToFinish)
        enqueueToFinish.add(other.enqueueToFinish)
        for level in 0..<5 { enqueueToStartByLevel[level].add(other.enqueueToStartByLevel[level]) }
    }
}
