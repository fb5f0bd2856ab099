import Foundation
import QueueLabCore
import Synchronization

/// One barrier block handed to Foundation, counted in the queue's tracker until it ran.
///
/// Foundation's barrier is an internal `_BarrierOperation` the adapter cannot subclass: the
/// block itself reports. A barrier that `cancelAllOperations` cancels before it started never
/// runs its block, so the cancelling thread settles it instead (``BarrierLedger/abandonOpen(_:)``).
final class BarrierTicket: Sendable {
    private enum Phase: UInt8 {
        case open, running, settled
    }

    /// What a stall report calls the barrier.
    let label = OperationLabel(id: OperationID.next(), name: "barrier")
    private let phase = Atomic<UInt8>(Phase.open.rawValue)
    private let tracker: CompletionTracker
    // Strong: Foundation may run the block after the FoundationQueue is gone; the cycle with
    // the ledger is broken when the ticket settles.
    private let ledger: BarrierLedger

    init(tracker: CompletionTracker, ledger: BarrierLedger) {
        self.tracker = tracker
        self.ledger = ledger
    }

    var isOpen: Bool { phase.load(ordering: .acquiring) == Phase.open.rawValue }

    /// Called by the block before the user's block runs.
    /// - Returns: whether this run is counted (false when a cancellation already settled it).
    func begin() -> Bool {
        phase.compareExchange(expected: Phase.open.rawValue, desired: Phase.running.rawValue, ordering: .acquiringAndReleasing)
            .exchanged
    }

    /// Called by the block after the user's block returned, when ``begin()`` returned true.
    func end() {
        phase.store(Phase.settled.rawValue, ordering: .releasing)
        ledger.remove(self)
        tracker.leave()
    }

    /// Settles a barrier whose block will not run (cancelled before it started).
    func abandon() {
        guard
            phase.compareExchange(
                expected: Phase.open.rawValue, desired: Phase.settled.rawValue, ordering: .acquiringAndReleasing
            ).exchanged
        else { return }
        ledger.remove(self)
        tracker.leave()
    }
}

/// The queue's barriers that have not run yet.
final class BarrierLedger: @unchecked Sendable {
    // @unchecked Sendable: `open` is read and written only with `lock` held.
    private let lock = NSLock()
    private var open: [ObjectIdentifier: BarrierTicket] = [:]

    func issue(tracker: CompletionTracker) -> BarrierTicket {
        let ticket = BarrierTicket(tracker: tracker, ledger: self)
        tracker.enter()
        lock.lock()
        open[ObjectIdentifier(ticket)] = ticket
        lock.unlock()
        return ticket
    }

    func remove(_ ticket: BarrierTicket) {
        lock.lock()
        open[ObjectIdentifier(ticket)] = nil
        lock.unlock()
    }

    var openTickets: [BarrierTicket] {
        lock.lock()
        defer { lock.unlock() }
        return open.values.sorted { $0.label.id < $1.label.id }
    }

    /// Settles the barriers in `tickets` that still have not started: the cancellation that just
    /// went through Foundation reached them, so their blocks will not run.
    func abandonOpen(_ tickets: [BarrierTicket]) {
        for ticket in tickets {
            ticket.abandon()
        }
    }
}
