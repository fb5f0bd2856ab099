import Foundation
import QueueLabCore
import Synchronization

/// One barrier block handed to Foundation, counted in the queue's tracker until Foundation
/// finished the barrier operation that ran it.
///
/// Foundation's barrier is an internal `_BarrierOperation` the adapter cannot subclass or see.
/// It runs as a Dispatch barrier on the queue's underlying dispatch queue, so work the block
/// submits to that queue runs once the barrier operation finished: that is when the ticket
/// settles.
///
/// The ticket also keeps alive the operations added while it was open. Foundation makes each of
/// them depend on the barrier and the barrier holds them unretained; a cancelled one finishes
/// first, and if it were freed then, the barrier would read freed memory when it finishes.
/// (An operation added by one thread while another thread adds the barrier may escape the hold.)
final class BarrierTicket: @unchecked Sendable {
    // @unchecked Sendable: `held` is read and written only with `lock` held.
    /// What a stall report calls the barrier.
    let label = OperationLabel(id: OperationID.next(), name: "barrier")
    private let tracker: CompletionTracker
    // Strong: Foundation may run the block after the FoundationQueue is gone; the cycle with
    // the ledger is broken when the ticket settles.
    private let ledger: BarrierLedger
    private let lock = NSLock()
    private var held: [FoundationOperation] = []

    init(tracker: CompletionTracker, ledger: BarrierLedger) {
        self.tracker = tracker
        self.ledger = ledger
    }

    func hold(_ operation: FoundationOperation) {
        lock.lock()
        held.append(operation)
        lock.unlock()
    }

    /// After the barrier operation finished.
    func settle() {
        ledger.remove(self)
        lock.lock()
        held.removeAll()
        lock.unlock()
        tracker.leave()
    }
}

/// The queue's barriers that have not run yet.
final class BarrierLedger: @unchecked Sendable {
    // @unchecked Sendable: `open` is read and written only with `lock` held.
    private let lock = NSLock()
    private var open: [ObjectIdentifier: BarrierTicket] = [:]
    /// `open.count`, readable without the lock: adding an operation to a queue without barriers
    /// costs one load here.
    private let openCount = Atomic<Int>(0)

    func issue(tracker: CompletionTracker) -> BarrierTicket {
        let ticket = BarrierTicket(tracker: tracker, ledger: self)
        tracker.enter()
        lock.lock()
        open[ObjectIdentifier(ticket)] = ticket
        openCount.store(open.count, ordering: .releasing)
        lock.unlock()
        return ticket
    }

    func remove(_ ticket: BarrierTicket) {
        lock.lock()
        open[ObjectIdentifier(ticket)] = nil
        openCount.store(open.count, ordering: .releasing)
        lock.unlock()
    }

    /// Keeps `operation` alive until every open barrier settled (see ``BarrierTicket``).
    func holdUntilOpenBarriersSettle(_ operation: FoundationOperation) {
        guard hasOpen else { return }
        lock.lock()
        let tickets = Array(open.values)
        lock.unlock()
        for ticket in tickets {
            ticket.hold(operation)
        }
    }

    /// Whether a barrier was added and Foundation has not finished it yet.
    var hasOpen: Bool { openCount.load(ordering: .acquiring) > 0 }

    var openTickets: [BarrierTicket] {
        lock.lock()
        defer { lock.unlock() }
        return open.values.sorted { $0.label.id < $1.label.id }
    }
}
