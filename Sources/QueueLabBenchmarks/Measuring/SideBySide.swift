import QueueLabCore
import Synchronization

/// Holds a group of threads until they run side by side, each on a core of its own: each beats
/// (writes the clock) as it spins, and the group is side by side once one of them has seen every
/// other's beat fresh (within ``freshness``) on ``confirmations`` reads in a row. Two threads
/// time-sharing one core see each other's beat only as old as a time slice, so they never pass.
///
/// Why it exists: a fresh thread can share another's core for a while, the other core idle
/// (`results/simulate/README.md`, "The second worker's core"), and what runs on it meanwhile
/// measures the kernel's placement, not the code. The stall probe and the warm-up of a
/// workload's queue (``WorkloadExecution``) wait here before they measure.
package final class SideBySide: Sendable {
    package static let freshness: UInt64 = 5_000
    package static let confirmations = 1_000
    private let beats: [Beat]
    private let started = MonotonicClock.now()
    private let bound: UInt64
    private let settledAt = Atomic<UInt64>(0)
    private let claimed = Atomic<Int>(0)

    private final class Beat: Sendable {
        let time = Atomic<UInt64>(0)
    }

    /// A group of `threads` (at least one) that gives up waiting `bound` nanoseconds after it was made.
    package init(threads: Int, bound: UInt64) {
        beats = (0..<Swift.max(1, threads)).map { _ in Beat() }
        self.bound = bound
    }

    /// How long after the group was made its threads were first seen side by side; nil until then,
    /// and when they never were within the bound.
    package var settledAfter: UInt64? {
        let at = settledAt.load(ordering: .acquiring)
        return at == 0 || at == UInt64.max ? nil : at &- started
    }

    /// Spins as the next thread of the group not yet claimed (as the last one when more threads
    /// than the group holds arrive) until the group is side by side or the bound has passed.
    package func wait() {
        let index = claimed.add(1, ordering: .relaxed).oldValue
        wait(as: Swift.min(index, beats.count - 1))
    }

    /// Spins as thread `index` until the group is side by side or the bound has passed.
    package func wait(as index: Int) {
        var confirmed = 0
        while settledAt.load(ordering: .acquiring) == 0 {
            let now = MonotonicClock.now()
            beats[index].time.store(now, ordering: .releasing)
            let allFresh = beats.allSatisfy { $0.time.load(ordering: .acquiring) &+ Self.freshness >= now }
            confirmed = allFresh ? confirmed + 1 : 0
            if confirmed >= Self.confirmations {
                _ = settledAt.compareExchange(expected: 0, desired: now, ordering: .acquiringAndReleasing)
            } else if now &- started > bound {
                _ = settledAt.compareExchange(expected: 0, desired: UInt64.max, ordering: .acquiringAndReleasing)
            }
        }
    }
}
