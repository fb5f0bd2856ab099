import Histogram

/// The latency histograms one thread records into: written only by that thread while a sample
/// runs, read by the merging thread after the queue drained.
public struct LatencyHistograms: Sendable {
    public var enqueueToStart = LatencyHistograms.empty()
    public var startToFinish = LatencyHistograms.empty()
    public var enqueueToFinish = LatencyHistograms.empty()
    /// Enqueue-to-start per priority level (`QueuePriority/level`, veryLow = 0).
    public var enqueueToStartByLevel: [Histogram<UInt64>] = (0..<5).map { _ in LatencyHistograms.empty() }

    public init() {}

    /// Nanoseconds from 1 to 60 s at three significant digits; larger values widen the histogram.
    static func empty() -> Histogram<UInt64> {
        var histogram = Histogram<UInt64>(
            lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
        histogram.autoResize = true
        return histogram
    }

    public mutating func add(_ other: LatencyHistograms) {
        enqueueToStart.add(other.enqueueToStart)
        startToFinish.add(other.startToFinish)
        enqueueToFinish.add(other.enqueueToFinish)
        for level in 0..<5 { enqueueToStartByLevel[level].add(other.enqueueToStartByLevel[level]) }
    }
}
