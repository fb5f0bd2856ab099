import Foundation
import QueueLabCore

/// A one-shot gate: bodies wait on it (bounded) until the scenario opens it.
final class Gate: @unchecked Sendable {
    // @unchecked Sendable: `isOpen` is only touched while `condition` is locked.
    private let condition = NSCondition()
    private var isOpen = false

    func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    /// Whether the gate has opened (it never closes again).
    var hasOpened: Bool {
        condition.lock()
        defer { condition.unlock() }
        return isOpen
    }

    /// Returns whether the gate opened before `deadline`.
    @discardableResult
    func wait(until deadline: Deadline) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !isOpen {
            let left = deadline.remaining
            if left == .zero { return false }
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(left.nanoseconds) / 1e9))
        }
        return true
    }
}

/// Counts arrivals; the first `parties` arrivals wait (bounded) until all of them arrived: a start
/// barrier that forces bodies to overlap, or proves that `parties` bodies ran at once.
final class Rendezvous: @unchecked Sendable {
    // @unchecked Sendable: `arrived` and `peak` are only touched while `condition` is locked.
    private let condition = NSCondition()
    private let parties: Int
    private var arrived = 0

    init(parties: Int) { self.parties = parties }

    /// Returns true when `parties` arrivals met (or this arrival came after they did), false when
    /// the deadline passed first.
    @discardableResult
    func arrive(until deadline: Deadline) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        if arrived >= parties {
            condition.broadcast()
            return true
        }
        while arrived < parties {
            let left = deadline.remaining
            if left == .zero { return false }
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(left.nanoseconds) / 1e9))
        }
        return true
    }

    var arrivals: Int {
        condition.lock()
        defer { condition.unlock() }
        return arrived
    }
}
