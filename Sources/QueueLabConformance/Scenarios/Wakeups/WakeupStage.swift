import Foundation
import QueueLabCore

/// An operation whose body (or, when asynchronous, the work before its `finish()`) is held until
/// the scenario opens `release`; `started` opens as its body starts.
struct HeldOperation<Op: QueueOperation> {
    let op: Op
    let started: Gate
    let release: Gate
}

/// An operation whose start is what a row waits for: `started` opens as its body starts.
struct WatchedOperation<Op: QueueOperation> {
    let op: Op
    let started: Gate
}

/// What a wake-up row builds its state from: queues, held and watched operations, all made by one
/// harness (so that closing it opens every gate and cancels what is left).
struct WakeupStage<Q: OperationQueueing> {
    typealias Op = Q.Operation
    let harness: Harness<Q>
    /// Opens when a held operation's hold ran out at the check's stall deadline instead of being
    /// released by the scenario: the state the row built is then gone, and what happens next is no
    /// evidence about the queue.
    let holdRanOut = Gate()

    /// A queue of `width` (-1: the implementation's default).
    func queue(_ name: String, width: Int) -> Q { harness.makeQueue(name, width: width) }

    func watched(_ name: String = "watched", priority: QueuePriority = .normal) -> WatchedOperation<Op> {
        let started = harness.makeGate()
        let op = harness.makeOperation(name, priority: priority) { _ in started.open() }
        return WatchedOperation(op: op, started: started)
    }

    func held(_ name: String, asynchronous: Bool = false) -> HeldOperation<Op> {
        let started = harness.makeGate()
        let release = harness.makeGate()
        let deadline = harness.deadline
        let holdRanOut = self.holdRanOut
        let hold: @Sendable () -> Void = {
            started.open()
            if !release.wait(until: deadline) { holdRanOut.open() }
        }
        // Asynchronous: the body returns at once; the harness calls `finish()` after this work, on
        // another thread.
        let op = harness.makeOperation(name, asynchronous: asynchronous) { _ in hold() }
        return HeldOperation(op: op, started: started, release: release)
    }

    func add(_ ops: Op..., to queue: Q) throws { try harness.add(ops, to: queue) }

    /// Adds `count` held operations to `queue` and waits until every one of them executes: the
    /// queue then has running workers (and, when `count` is its width, no free slot).
    func running(_ count: Int, in queue: Q, asynchronous: Bool = false) throws -> [HeldOperation<Op>] {
        let held = (0..<count).map { self.held("running\($0)", asynchronous: asynchronous) }
        for item in held { try harness.add(item.op, to: queue) }
        for item in held { try awaitStart(item) }
        return held
    }

    /// Waits (bounded by the check's deadline) until `held`'s body started; STALE when it never does.
    func awaitStart(_ held: HeldOperation<Op>) throws {
        harness.context.currentPhase = "waiting for \(held.op.label) to start"
        guard held.started.wait(until: harness.deadline) else {
            throw ScenarioAbort.stale(
                "setting the state up: \(held.op.label) never started: \(harness.context.stallDescription)",
                evidence: harness.stallEvidence(first: nil))
        }
    }

    /// `dependent` waits for `dependency`.
    func depend(_ dependent: Op, on dependency: Op) throws { try harness.depend(dependent, on: dependency) }

    /// Runs `call` on a thread of its own: for calls that block until their operations finished.
    /// A queue that never finishes them leaks the thread, never the check.
    func detached(_ name: String, _ call: @escaping @Sendable () -> Void) {
        let thread = Thread(block: call)
        thread.name = "queuelab.wakeup.\(name)"
        thread.start()
    }
}
