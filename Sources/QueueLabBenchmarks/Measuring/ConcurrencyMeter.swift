import Synchronization

/// Counts the operation bodies running at once and remembers the highest count.
///
/// A body calls ``enter()`` first and ``leave()`` last; the peak is read after the queue drained.
package final class ConcurrencyMeter: Sendable {
    private let current = Atomic<Int>(0)
    private let peakValue = Atomic<Int>(0)

    package init() {}

    @inlinable
    package func enter() { noteRunning(incremented()) }

    package func leave() { current.wrappingSubtract(1, ordering: .relaxed) }

    package var peak: Int { peakValue.load(ordering: .relaxed) }

    @usableFromInline
    func incremented() -> Int { current.wrappingAdd(1, ordering: .relaxed).newValue }

    @usableFromInline
    func noteRunning(_ now: Int) {
        // A plain load first: the compare-exchange (and its cache-line traffic) only when a new peak is seen.
        var seen = peakValue.load(ordering: .relaxed)
        while now > seen {
            let (exchanged, original) = peakValue.compareExchange(
                expected: seen, desired: now, ordering: .relaxed)
            if exchanged { return }
            seen = original
        }
    }
}
