import Foundation
import QueueLabCore

/// A `StateObserver` that keeps every transition, plus each operation's dependencies
/// as they stood when it was added: what a trace is made from.
public final class TransitionLog: StateObserver, @unchecked Sendable {
    // Safe to share: every stored property is read and written only while `lock` is held; the
    // observer callback appends under the lock and never calls out while holding it.
    private let lock = NSLock()
    private var transitions: [StateTransition] = []
    private var dependencies: [OperationID: [OperationID]] = [:]

    public init(expectedTransitions: Int = 0) {
        transitions.reserveCapacity(expectedTransitions)
    }

    public func operationDidTransition(_ transition: StateTransition) {
        lock.lock()
        transitions.append(transition)
        lock.unlock()
    }

    /// Notes the dependencies of `operation`; call it when the operation is added to a queue.
    public func noteDependencies<Operation: QueueOperation>(of operation: Operation) {
        let ids = operation.dependencies.map(\.id)
        guard !ids.isEmpty else { return }
        lock.lock()
        dependencies[operation.id] = ids
        lock.unlock()
    }

    /// The transitions in causal order (by `StateTransition.sequence`) and the dependency edges.
    public func snapshot() -> (transitions: [StateTransition], dependencies: [OperationID: [OperationID]]) {
        lock.lock()
        defer { lock.unlock() }
        return (transitions.sorted { $0.sequence < $1.sequence }, dependencies)
    }
}

/// The log that queues created by ``ObservedQueue`` install while a trace is being recorded.
/// Workloads create their queues themselves (`Queue(name:)`), so the log is handed over here.
enum TraceSession {
    private static let lock = NSLock()
    // Guarded by `lock`.
    nonisolated(unsafe) private static var active: TransitionLog?

    static var current: TransitionLog? {
        lock.lock()
        defer { lock.unlock() }
        return active
    }

    /// Runs `body` with `log` installed on every ``ObservedQueue`` created meanwhile.
    static func with<T, E: Error>(_ log: TransitionLog, _ body: () throws(E) -> T) throws(E) -> T {
        lock.lock()
        active = log
        lock.unlock()
        defer {
            lock.lock()
            active = nil
            lock.unlock()
        }
        return try body()
    }
}
