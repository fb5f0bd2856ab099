import Foundation
import QueueLabBenchmarks
import QueueLabCore

/// A `StateObserver` that keeps every transition, plus what a trace needs beside them: each
/// operation's dependencies as they stood when it was added, which queue made each transition (and
/// that queue's width), when each add call was entered and returned, and the start and end of the
/// bodies that stamp themselves.
public final class TransitionLog: StateObserver, BodySpanLog, @unchecked Sendable {
    // Safe to share: every stored property is read and written only while `lock` is held; no method
    // calls out while holding it.
    private let lock = NSCondition()
    private var transitions: [StateTransition] = []
    /// Operations added through an ``ObservedQueue``, and those whose transitions arrived: what
    /// ``awaitDeliveries(within:)`` compares, since a queue may deliver after its wait returned.
    private var added = 0
    private var seen: Set<OperationID> = []
    private var finishedSeen = 0
    /// Parallel to `transitions`: the index in `queues` of the queue that delivered it, or -1 when it
    /// came through ``operationDidTransition(_:)`` (a caller that installed the log itself).
    private var transitionQueues: [Int32] = []
    private var dependencies: [OperationID: [OperationID]] = [:]
    private var queues: [RecordedRun.QueueInfo] = []
    private var bodies: [OperationID: RecordedRun.BodySpan] = [:]
    /// Appended, not keyed: the producer pays for this between its add calls, where it shows as the
    /// producer's own time, so it is kept to an append (no hashing, no rehash of a growing table).
    private var addCalls: [(operation: OperationID, call: RecordedRun.AddCall)] = []

    public init(expectedTransitions: Int = 0) {
        transitions.reserveCapacity(expectedTransitions)
        transitionQueues.reserveCapacity(expectedTransitions)
        addCalls.reserveCapacity(expectedTransitions / 4)
    }

    public func operationDidTransition(_ transition: StateTransition) {
        record(transition, queue: -1)
    }

    func record(_ transition: StateTransition, queue: Int32) {
        lock.lock()
        transitions.append(transition)
        transitionQueues.append(queue)
        seen.insert(transition.operation)
        if transition.event == .finished {
            finishedSeen += 1
            lock.broadcast()
        }
        lock.unlock()
    }

    /// `operations` were added to a traced queue by one add call, entered at `entered` and returned at
    /// `returned`: one lock for the whole call, so that stamping costs the queue's producer little.
    func noteAdded(_ operations: [OperationID], entered: UInt64, returned: UInt64) {
        let call = RecordedRun.AddCall(entered: entered, returned: returned)
        lock.lock()
        added += operations.count
        for operation in operations { addCalls.append((operation, call)) }
        lock.unlock()
    }

    /// One operation added by one add call: the same without an array per add (`noop` adds a
    /// million of them, and the stamping's own cost is what the add path figure must not grow by).
    func noteAdded(_ operation: OperationID, entered: UInt64, returned: UInt64) {
        lock.lock()
        added += 1
        addCalls.append((operation, RecordedRun.AddCall(entered: entered, returned: returned)))
        lock.unlock()
    }

    /// Waits until every operation added to a traced queue has had its `finished` delivered, at most
    /// `timeout`: an observer may be told after the queue's own wait returned (``StateObserver``), and
    /// a trace read earlier would show finished operations as unfinished. Returns how many added
    /// operations' `finished` had not arrived (0 when all had).
    func awaitDeliveries(within timeout: Duration) -> Int {
        let deadline = Date(timeIntervalSinceNow: Double(timeout.nanoseconds) / 1e9)
        lock.lock()
        defer { lock.unlock() }
        while finishedSeen < Swift.max(added, seen.count) {
            if !lock.wait(until: deadline) { break }
        }
        return Swift.max(added, seen.count) - finishedSeen
    }

    /// Notes the dependencies of `operation`; call it when the operation is added to a queue.
    public func noteDependencies<Operation: QueueOperation>(of operation: Operation) {
        let ids = operation.dependencies.map(\.id)
        guard !ids.isEmpty else { return }
        lock.lock()
        dependencies[operation.id] = ids
        lock.unlock()
    }

    /// A new queue and its width; returns the index its transitions are recorded under.
    func registerQueue(name: String?, width: Int) -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        queues.append(RecordedRun.QueueInfo(name: name ?? "queue \(queues.count)", width: width))
        return Int32(queues.count - 1)
    }

    /// The queue's width was set; the analysis uses the last width set, which the workloads set before
    /// adding any operation.
    func noteWidth(_ width: Int, queue: Int32) {
        lock.lock()
        queues[Int(queue)].width = width
        lock.unlock()
    }

    /// The queue was suspended (`suspended`) or resumed at `time`: an open suspension is closed by
    /// the next resume; a set that changes nothing is ignored.
    func noteSuspension(_ suspended: Bool, at time: UInt64, queue: Int32) {
        lock.lock()
        defer { lock.unlock() }
        let open = queues[Int(queue)].suspensions.last?.until == .max
        if suspended, !open {
            queues[Int(queue)].suspensions.append(RecordedRun.Suspension(from: time, until: .max))
        } else if !suspended, open {
            queues[Int(queue)].suspensions[queues[Int(queue)].suspensions.count - 1].until = time
        }
    }

    /// A body's own first and last clock readings (``MonotonicClock`` nanoseconds).
    package func noteBody(_ operation: OperationID, start: UInt64, end: UInt64) {
        lock.lock()
        bodies[operation] = RecordedRun.BodySpan(start: start, end: end)
        lock.unlock()
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
        lock.lock()
        defer { lock.unlock() }
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
