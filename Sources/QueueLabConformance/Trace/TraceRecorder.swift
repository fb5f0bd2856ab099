import QueueLabCore

/// Records every transition a queue reports plus what the suite's bodies and handlers see,
/// in one thread-safe array. Installed as the queues' `StateObserver`.
///
/// Cheap on purpose (one lock, one append) so that recording perturbs the queue little.
public final class TraceRecorder: StateObserver, Sendable {
    private struct Trace {
        var events: [TraceEvent] = []
        var completionCounts: [OperationID: Int] = [:]
        var bodyStartCounts: [OperationID: Int] = [:]
        var finishedTransitions: Set<OperationID> = []

        func missingCompletions(of operations: [OperationID]) -> [OperationID] {
            operations.filter { completionCounts[$0, default: 0] == 0 }
        }

        func missingFinishedTransitions(of operations: [OperationID]) -> [OperationID] {
            operations.filter { !finishedTransitions.contains($0) }
        }

        var totalBodyStarts: Int { bodyStartCounts.values.reduce(0, +) }
    }

    private let trace = Locked(Trace())

    /// Told of every event: what a check's stall deadline counts as progress.
    private let progress: ProgressWatch?

    /// A recorder to install as the state observer of your own queues (the suite's checks make
    /// their own).
    public init() { progress = nil }

    init(progress: ProgressWatch) { self.progress = progress }

    /// Records `transition` as a ``TraceEvent/Kind/transition(_:)`` event, with the queue's
    /// timestamp, thread and sequence.
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
        trace.withLockWakingWaiters { trace in
            trace.events.append(
                TraceEvent(
                    sequence: trace.events.count, operation: operation, name: name, kind: kind, timestamp: timestamp,
                    thread: thread, causalSequence: causalSequence))
            switch kind {
            case .completion: trace.completionCounts[operation, default: 0] += 1
            case .bodyStarted: trace.bodyStartCounts[operation, default: 0] += 1
            case .transition(.finished): trace.finishedTransitions.insert(operation)
            default: break
            }
        }
        progress?.note()
    }

    /// A snapshot of the trace, in recording order.
    public var snapshot: [TraceEvent] { trace.withLock { $0.events } }

    /// How many times the body of `operation` has started so far: more than once is a violation.
    public func bodyStarts(of operation: OperationID) -> Int {
        trace.withLock { $0.bodyStartCounts[operation, default: 0] }
    }

    /// How many bodies have started so far, every operation's, each start counted.
    public var totalBodyStarts: Int { trace.withLock { $0.totalBodyStarts } }

    /// Waits, at most until `deadline` (`MonotonicClock` nanoseconds), until every operation in
    /// `operations` ran its completion handler at least once. Returns those that did not.
    public func waitForCompletions(of operations: [OperationID], deadline: UInt64) -> [OperationID] {
        trace.wait(until: Deadline(nanoseconds: deadline)) { $0.missingCompletions(of: operations).isEmpty ? [] : nil }
            ?? trace.withLock { $0.missingCompletions(of: operations) }
    }

    /// Waits at most until `deadline` until the observer reported every operation of `operations`
    /// finished (deliveries may lag behind the state). Returns those it did not.
    public func waitForFinishedTransitions(of operations: [OperationID], deadline: UInt64) -> [OperationID] {
        trace.wait(until: Deadline(nanoseconds: deadline)) {
            $0.missingFinishedTransitions(of: operations).isEmpty ? [] : nil
        } ?? trace.withLock { $0.missingFinishedTransitions(of: operations) }
    }

    /// Waits at most until `deadline` until the body of `operation` started. Returns whether it did.
    public func waitForBodyStart(of operation: OperationID, deadline: UInt64) -> Bool {
        trace.wait(until: Deadline(nanoseconds: deadline)) {
            $0.bodyStartCounts[operation, default: 0] > 0 ? true : nil
        }
            ?? false
    }

    /// Waits at most until `deadline` until `count` bodies in total started. Returns whether they did.
    public func waitForBodyStarts(_ count: Int, deadline: UInt64) -> Bool {
        trace.wait(until: Deadline(nanoseconds: deadline)) { $0.totalBodyStarts >= count ? true : nil } ?? false
    }
}
