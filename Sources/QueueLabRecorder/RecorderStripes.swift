import Dispatch
import QueueLabCore

/// The recorder's buffer, split in stripes each behind its own lock, chosen by the thread that
/// made the transition: a queue's workers and its adding thread append at once without waiting for
/// each other's lock (one lock for all cost `noop` through `lock` most of its throughput on two
/// cores, in futex calls). The writer takes every stripe in turn.
///
/// Taking stripe by stripe is not one atomic step, so a pass can see an operation's `finished` and
/// not yet the `executing` a thread appended to another stripe just before it; the writer therefore
/// makes an operation's record one pass after the pass that took its `finished` (``RecordAssembler``):
/// by then every event appended before that `finished` has been taken.
final class RecorderStripes: Sendable {
    static let count = 8

    private let stripes: [RecorderStripe]
    /// Signalled when a stripe reaches half its capacity, so that a burst wakes the writer before
    /// its interval is up rather than filling the buffer.
    let wake = DispatchSemaphore(value: 0)

    /// `capacity` events a stripe: a burst lands in the adding thread's stripe, so a total split
    /// eight ways dropped most of one (`results/README.md`, "Figures the documentation used to
    /// show"). Whether a half-full stripe wakes the writer (tests turn it off to fill a stripe on
    /// purpose).
    private let wakesAtHalf: Bool

    init(capacity: Int, wakesAtHalf: Bool = true) {
        stripes = (0..<Self.count).map { _ in RecorderStripe(capacity: Swift.max(1, capacity)) }
        self.wakesAtHalf = wakesAtHalf
    }

    /// Appends `event` (and the add's `name`) to the stripe of `thread`: a lock, an append, and now
    /// and then a wake-up.
    @inline(__always)
    func append(_ event: RecorderEvent, name: String?, thread: UInt64) {
        // Fibonacci hashing: pthread identities share their low bits.
        let stripe = Int(truncatingIfNeeded: (thread &* 0x9E37_79B9_7F4A_7C15) >> 61)
        if stripes[stripe].append(event, name: name), wakesAtHalf { wake.signal() }
    }

    /// Writer thread only: appends every stripe's events to `batch`; returns the drops so far (all
    /// stripes) and whether the recorder is stopping.
    func take(into batch: inout RecorderBatch) -> (dropped: Int, stop: Bool) {
        var dropped = 0
        var stop = false
        for stripe in stripes {
            let taken = stripe.take(into: &batch)
            dropped += taken.dropped
            stop = stop || taken.stop
        }
        return (dropped, stop)
    }

    var dropped: Int { stripes.reduce(0) { $0 + $1.dropped } }

    func stop() { for stripe in stripes { stripe.stop() } }
}
