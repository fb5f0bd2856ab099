import QueueLabCore

/// What the queue did, as bodies, completion handlers and the observer saw it, in one order:
/// an entry is appended under the lock by the thread that saw it, so a body's end is before any
/// start that its freed slot allowed.
enum ProgramEvent: Sendable {
    case started(Int, StartRecord)
    case ended(Int)
    case completion(Int, finishedFirst: Bool)
    case transition(Int, StateTransition)
}

/// The run's event log, what bodies read when they begin (the dependencies the program set, the
/// barriers before them), and the gates that hold bodies until the program releases them.
final class ProgramEvents<Operation: QueueOperation>: StateObserver, Sendable {
    /// Bodies, handlers and the observer call in from queue threads; the program thread drains.
    private struct Log {
        var events: [ProgramEvent] = []
        var drained = 0
        var operations: [Int: Operation] = [:]
        var indexByID: [OperationID: Int] = [:]
        var dependencies: [Int: [Int]] = [:]
        var earlier: [Int: [Int]] = [:]
        var barriersBefore: [Int: [Int]] = [:]
        var ended: Set<Int> = []
        var gates: [Int: Bool] = [:]
        var abandoned = false
    }

    private let log = Locked(Log())
    private let watch: ProgressWatch

    init(watch: ProgressWatch) { self.watch = watch }

    private func append(_ event: ProgramEvent) {
        log.withLockWakingWaiters { log in
            log.events.append(event)
            if case .ended(let index) = event { log.ended.insert(index) }
        }
        watch.note()
    }

    func register(_ operation: Operation, as index: Int) {
        log.withLock { log in
            log.operations[index] = operation
            log.indexByID[operation.id] = index
        }
    }

    func setDependencies(_ list: [Int], of index: Int) { log.withLock { $0.dependencies[index] = list } }

    func setBarrierContext(of index: Int, before: [Int], barriers: [Int]) {
        log.withLock { log in
            log.earlier[index] = before
            log.barriersBefore[index] = barriers
        }
    }

    /// What the body of `index` sees as it begins, recorded as its start.
    func bodyBegins(_ index: Int, sawCancelled: Bool) {
        let (deps, before, barriers) = log.withLock { log in
            (
                (log.dependencies[index] ?? []).compactMap { i in log.operations[i].map { (i, $0) } },
                (log.earlier[index] ?? []).map { i in (i, log.operations[i]) }, log.barriersBefore[index] ?? []
            )
        }
        var record = StartRecord(sawCancelled: sawCancelled)
        // Read outside the lock: a queue's state may take the queue's own lock.
        record.unfinishedDependencies = deps.filter { !$0.1.isFinished }.map(\.0)
        for (earlierIndex, operation) in before {
            let finished = operation?.isFinished ?? log.withLock { $0.ended.contains(earlierIndex) }
            if !finished { record.unfinishedBefore.append(earlierIndex) }
        }
        record.barriersRunning = log.withLock { log in barriers.filter { !log.ended.contains($0) } }
        append(.started(index, record))
    }

    func bodyEnds(_ index: Int) { append(.ended(index)) }

    func completed(_ index: Int) {
        let finished = log.withLock { $0.operations[index] }?.isFinished ?? true
        append(.completion(index, finishedFirst: finished))
    }

    func operationDidTransition(_ transition: StateTransition) {
        guard let index = log.withLock({ $0.indexByID[transition.operation] }) else { return }
        append(.transition(index, transition))
    }

    // MARK: Gates

    /// Blocks a held body until the program opens its gate (or the run is abandoned, or `limit`).
    func hold(_ index: Int, limit: Duration) {
        _ = log.wait(until: Deadline(after: limit)) { $0.gates[index] == true || $0.abandoned ? () : nil }
    }

    func open(_ index: Int) { log.withLockWakingWaiters { $0.gates[index] = true } }

    /// Opens every gate, now and for bodies that start later: the run is over.
    func abandon() { log.withLockWakingWaiters { $0.abandoned = true } }

    // MARK: The program's side

    /// Events appended since the last drain.
    func drain() -> ArraySlice<ProgramEvent> {
        log.withLock { log in
            defer { log.drained = log.events.count }
            return log.events[log.drained...]
        }
    }

    /// Waits up to `timeout` for an event not drained yet.
    func awaitEvent(_ timeout: Duration) {
        _ = log.wait(until: Deadline(after: timeout)) { $0.events.count != $0.drained ? () : nil }
    }
}
