import Foundation
import QueueLabBenchmarks
import QueueLabCore

/// A `StateObserver` that keeps every transition, plus what a trace needs beside them: each
/// operation's dependencies as they stood when it was added, which queue made each transition (and
/// that queue's width), when each add call was entered and returned, and the start and end of the
/// bodies that stamp themselves.
public final class TransitionLog: StateObserver, BodySpanLog, Sendable {
    fileprivate struct State {
        var transitions: [StateTransition] = []
        /// Operations added through an ``ObservedQueue``, and those whose transitions arrived: what
        /// ``TransitionLog/awaitDeliveries(within:)`` compares, since a queue may deliver after its
        /// wait returned.
        var added = 0
        var seen: Set<OperationID> = []
        var finishedSeen = 0
        /// Parallel to `transitions`: the index in `queues` of the queue that delivered it, or -1
        /// when it came through ``TransitionLog/operationDidTransition(_:)`` (a caller that installed
        /// the log itself).
        var transitionQueues: [Int32] = []
        var dependencies: [OperationID: [OperationID]] = [:]
        var queues: [RecordedRun.QueueInfo] = []
        var bodies: [OperationID: RecordedRun.BodySpan] = [:]
        /// Appended, not keyed: the producer pays for this between its add calls, where it shows as
        /// the producer's own time, so it is kept to an append (no hashing, no rehash of a growing
        /// table).
        var addCalls: [(operation: OperationID, call: RecordedRun.AddCall)] = []

        /// Finished operations whose `finished` has not been delivered yet.
        var undelivered: Int { Swift.max(added, seen.count) - finishedSeen }
    }

    private let state: Locked<State>

    /// An empty log with room reserved for `expectedTransitions` transitions (0: grow as they come).
    public init(expectedTransitions: Int = 0) {
        var empty = State()
        empty.transitions.reserveCapacity(expectedTransitions)
        empty.transitionQueues.reserveCapacity(expectedTransitions)
        empty.addCalls.reserveCapacity(expectedTransitions / 4)
        state = Locked(empty)
    }

    /// Keeps `transition` as one of no known queue: the log was installed by its caller, not on a queue
    /// that ``TraceRun`` traced.
    public func operationDidTransition(_ transition: StateTransition) {
        record(transition, queue: -1)
    }

    func record(_ transition: StateTransition, queue: Int32) {
        if transition.event == .finished {
            // Only a `finished` can be what ``awaitDeliveries(within:)`` waits for.
            state.withLockWakingWaiters { $0.append(transition, queue: queue) }
            return
        }
        state.withLock { $0.append(transition, queue: queue) }
    }

    /// `operations` were added to a traced queue by one add call, entered at `entered` and returned at
    /// `returned`: one lock for the whole call, so that stamping costs the queue's producer little.
    func noteAdded(_ operations: [OperationID], entered: UInt64, returned: UInt64) {
        let call = RecordedRun.AddCall(entered: entered, returned: returned)
        state.withLock { state in
            state.added += operations.count
            for operation in operations { state.addCalls.append((operation, call)) }
        }
    }

    /// One operation added by one add call: the same without an array per add (`noop` adds a
    /// million of them, and the stamping's own cost is what the add path figure must not grow by).
    func noteAdded(_ operation: OperationID, entered: UInt64, returned: UInt64) {
        state.withLock { state in
            state.added += 1
            state.addCalls.append((operation, RecordedRun.AddCall(entered: entered, returned: returned)))
        }
    }

    /// Waits until every operation added to a traced queue has had its `finished` delivered, at most
    /// `timeout`: an observer may be told after the queue's own wait returned (``StateObserver``), and
    /// a trace read earlier would show finished operations as unfinished. Returns how many added
    /// operations' `finished` had not arrived (0 when all had).
    func awaitDeliveries(within timeout: Duration) -> Int {
        let delivered = state.wait(until: Deadline(after: timeout)) { $0.undelivered <= 0 ? $0.undelivered : nil }
        return delivered ?? state.withLock { $0.undelivered }
    }

    /// Notes the dependencies of `operation`; call it when the operation is added to a queue.
    public func noteDependencies<Operation: QueueOperation>(of operation: Operation) {
        let ids = operation.dependencies.map(\.id)
        guard !ids.isEmpty else { return }
        state.withLock { $0.dependencies[operation.id] = ids }
    }

    /// A new queue and its width; returns the index its transitions are recorded under.
    func registerQueue(name: String?, width: Int) -> Int32 {
        state.withLock { state in
            state.queues.append(RecordedRun.QueueInfo(name: name ?? "queue \(state.queues.count)", width: width))
            return Int32(state.queues.count - 1)
        }
    }

    /// The queue's width was set; the analysis uses the last width set, which the workloads set before
    /// adding any operation.
    func noteWidth(_ width: Int, queue: Int32) {
        state.withLock { $0.queues[Int(queue)].width = width }
    }

    /// The queue was suspended (`suspended`) or resumed at `time`: an open suspension is closed by
    /// the next resume; a set that changes nothing is ignored.
    func noteSuspension(_ suspended: Bool, at time: UInt64, queue: Int32) {
        state.withLock { state in
            let open = state.queues[Int(queue)].suspensions.last?.until == .max
            if suspended, !open {
                state.queues[Int(queue)].suspensions.append(RecordedRun.Suspension(from: time, until: .max))
            } else if !suspended, open {
                state.queues[Int(queue)].suspensions[state.queues[Int(queue)].suspensions.count - 1].until = time
            }
        }
    }

    /// A body's own first and last clock readings (``MonotonicClock`` nanoseconds).
    package func noteBody(_ operation: OperationID, start: UInt64, end: UInt64) {
        state.withLock { $0.bodies[operation] = RecordedRun.BodySpan(start: start, end: end) }
    }

    /// The transitions in causal order (by `StateTransition.sequence`) and the dependency edges.
    public func snapshot() -> (transitions: [StateTransition], dependencies: [OperationID: [OperationID]]) {
        let run = recordedRun(metadata: [:])
        return (run.transitions, run.dependencies)
    }

    /// Everything recorded, transitions in causal order; without the warm-up's operations
    /// (`warmUpOperationName`), which start the queue's workers before the
    /// timed phase: a trace and `explain` are of the workload, and a run's span would otherwise
    /// begin with the warm-up and its wait for the workers.
    public func recordedRun(metadata: [String: String]) -> RecordedRun {
        state.withLock { $0.recordedRun(metadata: metadata) }
    }
}

extension TransitionLog.State {
    mutating func append(_ transition: StateTransition, queue: Int32) {
        transitions.append(transition)
        transitionQueues.append(queue)
        seen.insert(transition.operation)
        if transition.event == .finished { finishedSeen += 1 }
    }

    func recordedRun(metadata: [String: String]) -> RecordedRun {
        let warmUp = Set(
            transitions.lazy.filter { $0.name == warmUpOperationName }.map(\.operation))
        let order = transitions.indices.filter { !warmUp.contains(transitions[$0].operation) }
            .sorted { transitions[$0].sequence < transitions[$1].sequence }
        var queueOf: [OperationID: Int] = [:]
        for index in order where transitionQueues[index] >= 0 {
            queueOf[transitions[index].operation] = Int(transitionQueues[index])
        }
        return RecordedRun(
            transitions: order.map { transitions[$0] }, dependencies: dependencies.filter { !warmUp.contains($0.key) },
            queues: queues, queueOf: queueOf, bodies: bodies,
            addCalls: Dictionary(
                addCalls.lazy.filter { !warmUp.contains($0.operation) }.map { ($0.operation, $0.call) },
                uniquingKeysWith: { $1 }),
            metadata: metadata)
    }
}

/// The observer each ``ObservedQueue`` installs: the run's log, told which queue a transition came from.
final class QueueTap: StateObserver {
    let log: TransitionLog
    let queue: Int32

    init(log: TransitionLog, queue: Int32) {
        self.log = log
        self.queue = queue
    }

    func operationDidTransition(_ transition: StateTransition) { log.record(transition, queue: queue) }
}

/// The log that queues created by ``ObservedQueue`` install while a trace is being recorded.
/// Workloads create their queues themselves (`Queue(name:)`), so the log is handed over here.
enum TraceSession {
    private static let active = Locked<TransitionLog?>(nil)

    static var current: TransitionLog? { active.withLock { $0 } }

    /// Runs `body` with `log` installed on every ``ObservedQueue`` created meanwhile.
    static func with<T, E: Error>(_ log: TransitionLog, _ body: () throws(E) -> T) throws(E) -> T {
        active.withLock { $0 = log }
        defer { active.withLock { $0 = nil } }
        return try body()
    }
}
