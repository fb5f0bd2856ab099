import Foundation
import QueueLabCore
import Synchronization

/// One batch's add call as the queue's worker saw it: whether the worker ran (its runway ended,
/// or the batch's first body started) before the call returned. Only then can a member admitted
/// late be missing when the worker picks: the batch *landed*.
///
/// Only the call counts, not deliveries after it: a queue that admits by posting to a mailbox
/// (the actor queue) has every member posted by the time the call returns, so a worker that runs
/// later finds them all, whatever its deliveries say.
final class AddWindow: Sendable {
    /// Longest ``holdUntilQueueRan()`` keeps the adding thread: a worker descheduled for longer
    /// costs its batch the chance to land, nothing more.
    static let holdBound: UInt64 = 20_000_000

    private let ranInside = Atomic<Bool>(false)
    /// The thread inside the add call (bits of its `Thread`'s identity); 0 before and after it.
    private let addingThread = Atomic<UInt>(0)

    func add(_ call: () throws(QueueError) -> Void) throws(QueueError) {
        addingThread.store(Self.currentThread, ordering: .releasing)
        defer { addingThread.store(0, ordering: .releasing) }
        try call()
    }

    /// The runway's end and the batch's first body call this before anything else.
    func queueRan() {
        guard addingThread.load(ordering: .acquiring) != 0 else { return }
        ranInside.store(true, ordering: .releasing)
    }

    /// Read once the batch finished (the queue's wait orders the bodies' stores before it).
    var landed: Bool { ranInside.load(ordering: .relaxed) }

    /// Called by the observer for every delivery: when the add call's own thread delivers inside
    /// the call, keeps it (bounded) until the queue's worker ran. A queue that delivers as it
    /// admits (one member after another, say) then has its worker pick between two admissions;
    /// on a loaded machine, where the worker would otherwise get a core only after the call
    /// returned, this is what lets a batch land at all.
    func holdUntilQueueRan() {
        guard addingThread.load(ordering: .acquiring) == Self.currentThread else { return }
        Deadline(nanoseconds: MonotonicClock.now() &+ Self.holdBound).spin(checkingEvery: 16) {
            ranInside.load(ordering: .acquiring)
        }
    }

    private static var currentThread: UInt { UInt(bitPattern: ObjectIdentifier(Thread.current).hashValue) }
}

/// `batch.atomic`'s state observer: records every transition for the validator, and lets the
/// current batch's ``AddWindow`` hold the deliveries made inside its add call.
final class AddHold: StateObserver, Sendable {
    private let recorder: TraceRecorder
    private let current = Locked<AddWindow?>(nil)

    init(recording recorder: TraceRecorder) { self.recorder = recorder }

    /// The window of the batch about to be added.
    func watch(_ window: AddWindow) { current.withLock { $0 = window } }

    func operationDidTransition(_ transition: StateTransition) {
        recorder.operationDidTransition(transition)
        current.withLock { $0 }?.holdUntilQueueRan()
    }
}
