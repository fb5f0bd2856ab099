import QueueLabCore

/// Interleaves a width-1 queue's starts with the scenario's actions, without sleeps: every body
/// records its start here first, and the start the scenario asked for holds its body (so the
/// queue is busy and picks nothing) until the scenario has acted and releases it. Between holds
/// the queue runs freely, so a hold after `n` starts lets `n` picks happen on a ready set the
/// scenario knows exactly.
final class TurnControl: Sendable {
    private struct Turns {
        var starts: [Int] = []
        /// The start count at which the starting body holds; nil: none holds.
        var holdAt: Int?
        var holding = false
        var abandoned = false
    }

    private let turns = Locked(Turns())
    private let progress: ProgressWatch

    init(progress: ProgressWatch) { self.progress = progress }

    /// A body's first step: records the start of operation `index`; holds (bounded by `deadline`)
    /// when it is the start the scenario asked for.
    func started(_ index: Int, deadline: Deadline) {
        progress.note()
        let holds = turns.withLockWakingWaiters { turns in
            turns.starts.append(index)
            guard let holdAt = turns.holdAt, turns.starts.count == holdAt, !turns.abandoned else { return false }
            turns.holding = true
            return true
        }
        // A release between the two sections ends the hold at the wait's first look.
        if holds { _ = turns.wait(until: deadline) { $0.holding && !$0.abandoned ? nil : () } }
    }

    /// The next start holds its body.
    func holdNextStart() { turns.withLock { $0.holdAt = $0.starts.count + 1 } }

    /// Lets the held body go; the `n`th start from now holds (none with nil).
    func release(holdingAfter n: Int?) {
        turns.withLockWakingWaiters { turns in
            turns.holdAt = n.map { turns.starts.count + $0 }
            turns.holding = false
        }
    }

    /// Waits until a body holds; false when `deadline` passed first.
    func waitForHold(until deadline: Deadline) -> Bool {
        turns.wait(until: deadline) { $0.holding ? true : nil } ?? false
    }

    /// The operations started so far, in start order.
    var log: [Int] { turns.withLock { $0.starts } }

    /// Never holds again, and lets a held body go: for a scenario that ends early.
    func abandon() {
        turns.withLockWakingWaiters { turns in
            turns.abandoned = true
            turns.holding = false
        }
    }
}
