import Foundation
import QueueLabCore
import Synchronization

/// A thread-safe log of what bodies did, in the order they did it.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `values` is only touched with `lock` held (NSLock, which TSan sees; it does not
    // see Synchronization.Mutex).
    private let lock = NSLock()
    private var values: [Value] = []
    func append(_ value: Value) { lock.withLock { values.append(value) } }
    var snapshot: [Value] { lock.withLock { values } }
}

/// A thread-safe trace for `StateObserver`.
final class TraceObserver: StateObserver {
    private let lock = NSLock()
    nonisolated(unsafe) private var transitions: [StateTransition] = []
    // nonisolated(unsafe) is safe: `transitions` is only touched with `lock` held.
    func operationDidTransition(_ transition: StateTransition) {
        lock.withLock { transitions.append(transition) }
    }
    var ordered: [StateTransition] { lock.withLock { transitions.sorted { $0.sequence < $1.sequence } } }
    func events(of id: OperationID) -> [OperationEvent] { ordered.filter { $0.operation == id }.map(\.event) }
}

/// A gate that bodies wait on, opened by the test: forces overlap without sleeping.
final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func open(_ count: Int = 1) { for _ in 0..<count { semaphore.signal() } }
    /// Bounded: a body never blocks a test forever.
    @discardableResult func pass(timeout: Double = 10) -> Bool { semaphore.wait(timeout: .now() + timeout) == .success }
}

let bound: Duration = .seconds(20)

/// Polls `condition` until it holds or 10 s passed: for effects a queue promises to deliver
/// asynchronously with no signal to wait on (Foundation's completion blocks, observer deliveries).
func eventually(timeout: Duration = .seconds(10), _ condition: () -> Bool) {
    let deadline = ContinuousClock.now + timeout
    while !condition(), ContinuousClock.now < deadline { sched_yield() }
}
