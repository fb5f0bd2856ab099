import Foundation
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
final class ProgramEvents<Operation: QueueOperation>: StateObserver, @unchecked Sendable {
    // @unchecked Sendable: every stored property but the immutable `watch` is read and written
    // only while `condition` is locked; bodies, handlers and the observer call in from queue
    // threads and the program thread drains.
    private let condition = NSCondition()
    private var events: [ProgramEvent] = []
    private var drained = 0
    private var operations: [Int: Operation] = [:]
    private var indexByID: [OperationID: Int] = [:]
    private var dependencies: [Int: [Int]] = [:]
    private var earlier: [Int: [Int]] = [:]
    private var barriersBefore: [Int: [Int]] = [:]
    private var ended: Set<Int> = []
    private var gates: [Int: Bool] = [:]
    private var abandoned = false
    private let watch: ProgressWatch

    init(watch: ProgressWatch) { self.watch = watch }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    private func append(_ event: ProgramEvent) {
        condition.lock()
        events.append(event)
        if case .ended(let index) = event { ended.insert(index) }
        condition.broadcast()
        condition.unlock()
        watch.note()
    }

    func register(_ operation: Operation, as index: Int) {
        locked {
            operations[index] = operation
            indexByID[operation.id] = index
        }
    }

    func setDependencies(_ list: [Int], of index: Int) { locked { dependencies[index] = list } }

    func setBarrierContext(of index: Int, before: [Int], barriers: [Int]) {
        locked {
            earlier[index] = before
            barriersBefore[index] = barriers
        }
    }

    /// What the body of `index` sees as it begins, recorded as its start.
    func bodyBegins(_ index: Int, sawCancelled: Bool) {
        let (deps, before, barriers) = locked {
            (
                (dependencies[index] ?? []).compactMap { i in operations[i].map { (i, $0) } },
                (earlier[index] ?? []).map { i in (i, operations[i]) }, barriersBefore[index] ?? []
            )
        }
        var record = StartRecord(sawCancelled: sawCancelled)
        // Read outside the lock: a queue's state may take the queue's own lock.
        record.unfinishedDependencies = deps.filter { !$0.1.isFinished }.map(\.0)
        for (earlierIndex, operation) in before {
            let finished = operation?.isFinished ?? locked { ended.contains(earlierIndex) }
            if !finished { record.unfinishedBefore.append(earlierIndex) }
        }
        record.barriersRunning = locked { barriers.filter { !ended.contains($0) } }
        append(.started(index, record))
    }

    func bodyEnds(_ index: Int) { append(.ended(index)) }

    func completed(_ index: Int) {
        let finished = locked { operations[index] }?.isFinished ?? true
        append(.completion(index, finishedFirst: finished))
    }

    func operationDidTransition(_ transition: StateTransition) {
        guard let index = locked({ indexByID[transition.operation] }) else { return }
        append(.transition(index, transition))
    }

    // MARK: Gates

    /// Blocks a held body until the program opens its gate (or the run is abandoned, or `limit`).
    func hold(_ index: Int, limit: Duration) {
        let end = Date(timeIntervalSinceNow: Double(limit.nanoseconds) / 1e9)
        condition.lock()
        while gates[index] != true && !abandoned {
            if !condition.wait(until: end) { break }
        }
        condition.unlock()
    }

    func open(_ index: Int) {
        condition.lock()
        gates[index] = true
        condition.broadcast()
        condition.unlock()
    }

    /// Opens every gate, now and for bodies that start later: the run is over.
    func abandon() {
        condition.lock()
        abandoned = true
        condition.broadcast()
        condition.unlock()
    }

    // MARK: The program's side

    /// Events appended since the last drain.
    func drain() -> ArraySlice<ProgramEvent> {
        locked {
            defer { drained = events.count }
            return events[drained...]
        }
    }

    /// Waits up to `timeout` for an event not drained yet.
    func awaitEvent(_ timeout: Duration) {
        let end = Date(timeIntervalSinceNow: Double(timeout.nanoseconds) / 1e9)
        condition.lock()
        if events.count == drained { _ = condition.wait(until: end) }
        condition.unlock()
    }
}
