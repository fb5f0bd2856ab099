import QueueLabCore
import Synchronization

/// The state observer of `once.cancel-race`'s queue: records every transition, and when the
/// watched operation's `executing` transition arrives, keeps the delivering thread until that
/// operation's cancel returned (at most ``bound``).
///
/// A queue that delivers `executing` on the worker between the hand-off and the body (QueueLab's
/// two do) shows every observer that window; holding it there turns a window of a few hundred
/// nanoseconds, which the cancelling thread rarely hits unaided, into one it hits almost every time
/// (`results/duplicate-rate/README.md`, "Races landed with and without the observer's hold"). A
/// queue that delivers later, or on another thread, is not slowed where it matters and lands only
/// its natural races: the count says so.
final class HandOffHold: StateObserver, Sendable {
    /// Longest a delivery is held: a canceller descheduled for longer simply misses.
    static let bound: UInt64 = 50_000

    private let recorder: TraceRecorder
    /// The raw ID of the operation whose delivery is held; 0: none.
    private let watched = Atomic<UInt64>(0)
    /// The raw ID of the operation whose cancel returned last.
    private let cancelled = Atomic<UInt64>(0)

    init(recording recorder: TraceRecorder) { self.recorder = recorder }

    /// Holds the next `executing` delivery of `id` (nil: holds nothing).
    func watch(_ id: OperationID?) { watched.store(id?.rawValue ?? 0, ordering: .releasing) }

    /// The cancel of `id` returned: its held delivery may go on.
    func cancelReturned(_ id: OperationID) { cancelled.store(id.rawValue, ordering: .releasing) }

    func operationDidTransition(_ transition: StateTransition) {
        recorder.operationDidTransition(transition)
        let id = transition.operation.rawValue
        guard transition.event == .executing, id == watched.load(ordering: .acquiring) else { return }
        Deadline(nanoseconds: MonotonicClock.now() &+ Self.bound).spin(checkingEvery: 32) {
            cancelled.load(ordering: .acquiring) == id
        }
    }
}
