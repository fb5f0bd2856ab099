import Foundation
import QueueLabCore
import QueueLabImplementations
import Testing

/// QueueLab's own queues deliver every transition in the order the queue made it: sequence numbers
/// arrive increasing, so each operation's history arrives in order (a `pending` made before a
/// `ready` never arrives after it) and once an operation's `finished` arrived, everything the queue
/// made before it has too. Before `TransitionDelivery`, the thread that made a transition delivered
/// it after unlocking, and `actor` let two deliveries cross (`deps.late` read "went from ready to
/// ready" in about 1 of 170 runs).
@Suite struct ObserverOrderTests {
    static let ownQueues = QueueBehaviourTests.queues.map(QueueType.init).filter {
        $0.type.implementationName != "foundation"
    }

    @Test(arguments: ownQueues)
    func transitionsArriveInTheOrderTheyWereMade(_ type: QueueType) throws {
        try type.open { queue in try lateEdgesAndCancels(queue) }
    }

    /// `deps.late`'s shape, repeated: edges added against add order while the operations wait in
    /// a suspended queue (each a `pending` made under the graph's lock), then released by finishes
    /// on workers (each a `ready`), while another thread cancels one of them.
    private func lateEdgesAndCancels<Q: OperationQueueing>(_ queue: Q) throws {
        queue.maxConcurrentOperationCount = 3
        for round in 0..<400 {
            let log = OrderLog()
            queue.setStateObserver(log)
            queue.isSuspended = true
            let ops = (0..<5).map { index in
                Q.Operation(name: "o\(index)", priority: .normal, body: .synchronous { _ in })
            }
            try queue.addOperations(ops, waitUntilFinished: false)
            try ops[0].addDependency(ops[1])
            try ops[1].addDependency(ops[2])
            try ops[3].addDependency(ops[4])
            let canceller = Thread { ops[round % 5].cancel() }
            canceller.start()
            queue.isSuspended = false
            try #require(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
            #expect(log.waitForFinished(count: ops.count, within: probeBound), "round \(round): finished never arrived")
            let transitions = log.snapshot
            let sequences = transitions.map(\.sequence)
            #expect(sequences == sequences.sorted(), "round \(round): \(transitions)")
            for operation in ops {
                let history: [OperationState] = transitions.filter { $0.operation == operation.id }.compactMap {
                    $0.event.state
                }
                #expect(history.last == .finished, "round \(round): \(history)")
                #expect(history.filter { $0 == .finished }.count == 1, "round \(round): \(history)")
            }
        }
        queue.setStateObserver(nil)
    }

    @Test(arguments: ownQueues)
    func anObserverThatAddsWorkDoesNotDeadlock(_ type: QueueType) throws {
        try type.open { queue in try addingFromTheObserver(queue) }
    }

    /// The observer runs with no lock held, and a transition it causes is delivered after it
    /// returns (by the thread delivering), not by a nested delivery that would wait for itself.
    private func addingFromTheObserver<Q: OperationQueueing>(_ queue: Q) throws {
        let log = OrderLog()
        let follower = Q.Operation(name: "follower", priority: .normal, body: .synchronous { _ in })
        log.onFirstReady = { try? queue.addOperation(follower) }
        queue.setStateObserver(log)
        try queue.addOperation(Q.Operation(name: "leader", priority: .normal, body: .synchronous { _ in }))
        #expect(follower.waitUntilFinished(timeout: probeBound))
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(log.waitForFinished(count: 2, within: probeBound))
        let sequences = log.snapshot.map(\.sequence)
        #expect(sequences == sequences.sorted())
        queue.setStateObserver(nil)
    }
}

/// Records what a queue delivers, in delivery order, and lets a test wait (bounded) for it.
private final class OrderLog: StateObserver, @unchecked Sendable {
    // @unchecked Sendable: `transitions`, `finished` and `onFirstReady` are touched only with
    // `condition` locked (the hook is taken out under it and run after unlocking).
    private let condition = NSCondition()
    private var transitions: [StateTransition] = []
    private var finished = 0
    var onFirstReady: (@Sendable () -> Void)? {
        get { condition.withLock { hook } }
        set { condition.withLock { hook = newValue } }
    }
    private var hook: (@Sendable () -> Void)?

    func operationDidTransition(_ transition: StateTransition) {
        condition.lock()
        transitions.append(transition)
        if transition.event == .finished { finished += 1 }
        var toRun: (@Sendable () -> Void)?
        if transition.event == .ready { swap(&toRun, &hook) }
        condition.broadcast()
        condition.unlock()
        toRun?()
    }

    var snapshot: [StateTransition] { condition.withLock { transitions } }

    func waitForFinished(count: Int, within bound: Duration) -> Bool {
        let deadline = Date().addingTimeInterval(Double(bound.components.seconds))
        condition.lock()
        defer { condition.unlock() }
        while finished < count {
            if !condition.wait(until: deadline) { return finished >= count }
        }
        return true
    }
}
