import QueueLabCore

/// The racing cancels each rare-duplicate flavor has taken, process-wide: its every N-th runs the
/// body again (``TestQueueCore``).
enum RacingCancels {
    private static let counts = Locked<[ObjectIdentifier: Int]>([:])

    /// Counts one more race of `flavor`; returns the count including it.
    static func count<F: QueueFlavor>(for flavor: F.Type) -> Int {
        counts.withLock { counts in
            let next = counts[ObjectIdentifier(flavor), default: 0] + 1
            counts[ObjectIdentifier(flavor)] = next
            return next
        }
    }
}
