import QueueLabCore
import Synchronization

/// The operation that holds `batch.atomic`'s serial queue until its batch is being added, so that
/// the worker is already running, on a core, when `addOperations` starts.
///
/// Without it the batch goes to an idle queue whose worker sleeps: the race a queue admitting
/// members one at a time can lose (a worker starting the first member before the rest are in) lands
/// only when the woken worker gets a core before the add call returns, in few batches, and beside
/// other processes in none (`results/README.md`, "Figures the documentation used to show"). A
/// runway that spins until the add begins hands the worker straight from its body to the new batch.
///
/// A fast correct queue admits the whole batch before its worker is through the runway's
/// bookkeeping, so its first body seldom starts inside the add call; what the check can vouch for
/// is that the worker was running while the add was: the runway saw its release before the add
/// returned (``AddWindow``).
final class BatchRunway: Sendable {
    /// Longest the body spins: a check thread descheduled for longer lets the batch go to a
    /// sleeping worker, which only costs that batch its chance to land.
    static let bound: UInt64 = 20_000_000

    private let running = Gate()
    private let released = Atomic<Bool>(false)
    private let window: AddWindow

    init(window: AddWindow) { self.window = window }

    /// The runway's body: says it runs, then spins until ``release()`` (or ``bound``).
    func body() {
        running.open()
        defer { window.queueRan() }
        Deadline(nanoseconds: MonotonicClock.now() &+ Self.bound).spin(checkingEvery: 64) {
            released.load(ordering: .acquiring)
        }
    }

    /// Waits (bounded) until the body runs; false when it did not start by `deadline`.
    func waitUntilRunning(until deadline: Deadline) -> Bool { running.wait(until: deadline) }

    /// Ends the body: called just before the batch's add.
    func release() { released.store(true, ordering: .releasing) }
}
