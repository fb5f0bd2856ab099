import QueueLabCore

/// A one-shot gate: bodies wait on it (bounded) until the scenario opens it.
final class Gate: Sendable {
    private let isOpen = Locked(false)

    func open() { isOpen.withLockWakingWaiters { $0 = true } }

    /// Whether the gate has opened (it never closes again).
    var hasOpened: Bool { isOpen.withLock { $0 } }

    /// Returns whether the gate opened before `deadline`.
    @discardableResult
    func wait(until deadline: Deadline) -> Bool {
        isOpen.wait(until: deadline) { $0 ? true : nil } ?? false
    }
}

/// Counts arrivals; the first `parties` arrivals wait (bounded) until all of them arrived: a start
/// barrier that forces bodies to overlap, or proves that `parties` bodies ran at once.
final class Rendezvous: Sendable {
    private let parties: Int
    private let arrived = Locked(0)

    init(parties: Int) { self.parties = parties }

    /// Returns true when `parties` arrivals met (or this arrival came after they did), false when
    /// the deadline passed first.
    @discardableResult
    func arrive(until deadline: Deadline) -> Bool {
        // Two sections: the count only grows, so the wait's first look sees this arrival counted.
        arrived.withLockWakingWaiters { $0 += 1 }
        return arrived.wait(until: deadline) { [parties] in $0 >= parties ? true : nil } ?? false
    }

    var arrivals: Int { arrived.withLock { $0 } }
}
