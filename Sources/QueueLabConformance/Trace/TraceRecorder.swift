import Foundation
import QueueLabCore

/// Records every transition a queue reports plus what the suite's bodies and handlers see,
/// in one thread-safe array. Installed as the queues' `StateObserver`.
///
/// Cheap on purpose (one lock, one append) so that recording perturbs the queue little.
public final class TraceRecorder: StateObserver, @unchecked Sendable {
    // @unchecked Sendable: `events`, `completionCounts` and `bodyStartCounts` are only touched
    // while `condition` is locked.
    private let condition = NSCondition()
    private var events: [TraceEvent] = []
    private var completionCounts: [OperationID: Int] = [:]
    private var bodyStartCounts: [OperationID: Int] = [:]
    private var finishedTransitions: Set<OperationID> = []

    /// Told of every event: what a check's stall deadline counts as progress.
    private let progress: ProgressWatch?

    public init() { progress = nil }

    init(progress: ProgressWatch) { self.progress = progress }

    public func operationDidTransition(_ transition: StateTransition) {
        append(
            operation: transition.operation, name: transition.name, kind: .transition(transition.event),
            timestamp: transition.timestamp, thread: transition.thread, causalSequence: transition.sequence)
    }

    /// Records an event seen by the suite itself, stamped now on the calling thread.
    public func record(_ kind: TraceEvent.Kind, operation: OperationID, name: String?) {
        append(
            operation: operation, name: name, kind: kind, timestamp: MonotonicClock.now(),
            thread: ThreadIdentity.current())
    }

    private func append(
        operation: OperationID, name: String?, kind: TraceEvent.Kind, timestamp: UInt64, thread: UInt64,
        causalSequence: UInt64 = 0
    ) {
        condition.lock()
        let event = TraceEvent(
            sequence: events.count, operation: operation, name: name, kind: kind, timestamp: timestamp,
            thread: thread, causalSequence: causalSequence)
        events.append(event)
        switch kind {
        case .completion: completionCounts[operation, default: 0] += 1
        case .bodyStarted: bodyStartCounts[operation, default: 0] += 1
        case .transition(.finished): finishedTransitions.insert(operation)
        default: break
        }
        condition.broadcast()
        condition.unlock()
        progress?.note()
    }

    /// A snapshot of the trace, in recording order.
    public var snapshot: [TraceEvent] {
        condition.lock()
        defer { condition.unlock() }
        return events
    }

    public func bodyStarts(of operation: OperationID) -> Int {
        condition.lock()
        defer { condition.unlock() }
        return bodyStartCounts[operation, default: 0]
    }

    public var totalBodyStarts: Int {
        condition.lock()
        defer { condition.unlock() }
        return bodyStartCounts.values.reduce(0, +)
    }

    /// Waits, at most until `deadline` (`MonotonicClock` nanoseconds), until every operation in
    /// `operations` ran its completion handler at least once. Returns those that did not.
    public func waitForCompletions(of operations: [OperationID], deadline: UInt64) -> [OperationID] {
        condition.lock()
        defer { condition.unlock() }
        while true {
            let missing = operations.filter { completionCounts[$0, default: 0] == 0 }
            let now = MonotonicClock.now()
            if missing.isEmpty || now >= deadline { return missing }
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(deadline - now) / 1e9))
        }
    }

    /// Waits at most until `deadline` until the observer reported every operation of `operations`
    /// finished (deliveries may lag behind the state). Returns those it did not.
    public func waitForFinishedTransitions(of operations: [OperationID], deadline: UInt64) -> [OperationID] {
        condition.lock()
        defer { condition.unlock() }
        while true {
            let missing = operations.filter { !finishedTransitions.contains($0) }
            let now = MonotonicClock.now()
            if missing.isEmpty || now >= deadline { return missing }
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(deadline - now) / 1e9))
        }
    }

    /// Waits at most until `deadline` until the body of `operation` started. Returns whether it did.
    public func waitForBodyStart(of operation: OperationID, deadline: UInt64) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if bodyStartCounts[operation, default: 0] > 0 { return true }
            let now = MonotonicClock.now()
            if now >= deadline { return false }
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(deadline - now) / 1e9))
        }
    }

    /// Waits at most until `deadline` until `count` bodies in total started. Returns whether they did.
    public func waitForBodyStarts(_ count: Int, deadline: UInt64) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if bodyStartCounts.values.reduce(0, +) >= count { return true }
            let now = MonotonicClock.now()
            if now >= deadline { return false }
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(deadline - now) / 1e9))
        }
    }
}
