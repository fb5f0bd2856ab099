import QueueLabCore

/// Where a cancel aimed at a start fell, read from the trace: the cancel races' power.
///
/// Only cancels issued after their canceller read `state == .executing` (the queue had handed the
/// operation off) are *aimed*. An aimed cancel *landed* when the body's first instruction read
/// `isCancelled == true`, or when no body ran: the flag was set before the body began. It was
/// *late* when the body's first instruction read `false`: the body began before the cancel.
enum CancelLanding {
    struct Tally: Sendable {
        var landed = 0
        /// Of `landed`, those whose hand-off the suite's observer did not hold open (``HandOffHold``).
        var landedUnheld = 0
        var late = 0
        /// Operations seen finished before they were seen executing: no cancel was aimed.
        var missed = 0
        var attempts = 0

        static func += (lhs: inout Tally, rhs: Tally) {
            lhs.landed += rhs.landed
            lhs.landedUnheld += rhs.landedUnheld
            lhs.late += rhs.late
            lhs.missed += rhs.missed
            lhs.attempts += rhs.attempts
        }
    }

    /// Sorts the aimed cancels of `trace` into landed and late.
    static func classify(_ trace: [TraceEvent], aimed: Set<OperationID>) -> Tally {
        var firstEntry: [OperationID: Bool] = [:]
        for event in trace where aimed.contains(event.operation) {
            if case .bodyStarted(_, let cancelled, _) = event.kind, firstEntry[event.operation] == nil {
                firstEntry[event.operation] = cancelled
            }
        }
        var tally = Tally()
        for id in aimed {
            // No body at all: the queue honoured a cancel that reached it after the hand-off.
            if firstEntry[id] ?? true { tally.landed += 1 } else { tally.late += 1 }
        }
        return tally
    }
}

/// The landings of `cancel.race`'s graphs, added up across them (and across the shrinker's runs,
/// which never reach it: a failing check reports no power).
final class LandingLog: Sendable {
    private let state = Locked<(tally: CancelLanding.Tally, graphs: Int)>((CancelLanding.Tally(), 0))

    func add(_ tally: CancelLanding.Tally) {
        state.withLock {
            $0.tally += tally
            $0.graphs += 1
        }
    }

    var tally: CancelLanding.Tally { state.withLock { $0.tally } }
    var graphs: Int { state.withLock { $0.graphs } }
}
