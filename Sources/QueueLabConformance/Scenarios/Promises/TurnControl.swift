import Foundation
import QueueLabCore

/// Interleaves a width-1 queue's starts with the scenario's actions, without sleeps: every body
/// records its start here first, and the start the scenario asked for holds its body (so the
/// queue is busy and picks nothing) until the scenario has acted and releases it. Between holds
/// the queue runs freely, so a hold after `n` starts lets `n` picks happen on a ready set the
/// scenario knows exactly.
final class TurnControl: @unchecked Sendable {
    // @unchecked Sendable: every stored var is only touched while `condition` is locked.
    private let condition = NSCondition()
    private var starts: [Int] = []
    /// The start count at which the starting body holds; nil: none holds.
    private var holdAt: Int?
    private var holding = false
    private var abandoned = false
    private let progress: ProgressWatch

    init(progress: ProgressWatch) { self.progress = progress }

    /// A body's first step: records the start of operation `index`; holds (bounded by `deadline`)
    /// when it is the start the scenario asked for.
    func started(_ index: Int, deadline: Deadline) {
        progress.note()
        condition.lock()
        defer { condition.unlock() }
        starts.append(index)
        guard let holdAt, starts.count == holdAt, !abandoned else { return }
        holding = true
        condition.broadcast()
        while holding && !abandoned {
            let left = deadline.remaining
            if left == .zero { return }
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(left.nanoseconds) / 1e9))
        }
    }

    /// The next start holds its body.
    func holdNextStart() { locked { holdAt = starts.count + 1 } }

    /// Lets the held body go; the `n`th start from now holds (none with nil).
    func release(holdingAfter n: Int?) {
        locked {
            holdAt = n.map { starts.count + $0 }
            holding = false
            condition.broadcast()
        }
    }

    /// Waits until a body holds; false when `deadline` passed first.
    func waitForHold(until deadline: Deadline) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !holding {
            let left = deadline.remaining
            if left == .zero { return false }
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(left.nanoseconds) / 1e9))
        }
        return true
    }

    /// The operations started so far, in start order.
    var log: [Int] { locked { starts } }

    /// Never holds again, and lets a held body go: for a scenario that ends early.
    func abandon() {
        locked {
            abandoned = true
            holding = false
            condition.broadcast()
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}
