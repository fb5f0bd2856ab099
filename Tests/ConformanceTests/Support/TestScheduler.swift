import Foundation
import QueueLabCore

/// The one lock of every test queue, and the outbox that delivers observer calls in causal order
/// without holding it. Simple rather than fast: every change wakes every worker.
final class TestScheduler: @unchecked Sendable {
    // @unchecked Sendable: `outbox` and `delivering` are only touched while `condition` is locked.
    static let shared = TestScheduler()

    let condition = NSCondition()
    private var outbox: [(any StateObserver, StateTransition)] = []
    private var delivering = false

    /// Queues a transition; call with `condition` locked, so the sequence number is causal.
    func post<F>(_ op: TestOperation<F>, _ event: OperationEvent) {
        guard let observer = op.observer else { return }
        outbox.append((observer, StateTransition(operation: op.id, name: op.name, event: event, priority: op.priority)))
    }

    /// Delivers queued transitions, in order, with the lock released; one thread delivers at a time.
    func deliver() {
        condition.lock()
        guard !delivering else {
            condition.unlock()
            return
        }
        delivering = true
        while !outbox.isEmpty {
            let batch = outbox
            outbox.removeAll()
            condition.unlock()
            for (observer, transition) in batch { observer.operationDidTransition(transition) }
            condition.lock()
        }
        delivering = false
        condition.unlock()
    }
}
