import Foundation
import QueueLabCore
import QueueLabImplementations
import TestTiers
import Testing

/// QueueLab's own queues deliver every transition in the order the queue made it: sequence numbers
/// arrive increasing, so each operation's history arrives in order (a `pending` made before a
/// `ready` never arrives after it) and once an operation's `finished` arrived, everything the queue
/// made before it has too. Before `TransitionDelivery`, the thread that made a transition delivered
/// it after unlocking, and `actor` let two deliveries cross (`deps.late` read "went from ready to
/// ready" in about 1 of 170 runs).
@Suite(.onBlockingThreads) struct ObserverOrderTests {
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

extension ObserverOrderTests {
    @Test(arguments: ownQueues)
    func aCancelledBacklogFinishesOnceEachInOrder(_ type: QueueType) throws {
        try type.open { queue in
            try cancelledBacklog(queue, mixed: true)
            try cancelledBacklog(queue, mixed: false)
        }
    }

    /// A suspended backlog of 1,000, four in five cancelled: `lock` retires the cancelled ones that
    /// finish alone a batch a lock section (64 at most), their follow-ups after it, and the others
    /// one at a time. `mixed`: some with completion handlers and some waiting for the one before
    /// (released last, so those end the run); else none, so a batch of cancelled ones ends it.
    /// Every operation finishes once, after everything the queue made before it reached the
    /// observer; every waiter is woken, every handler runs once, every body not cancelled runs
    /// and no cancelled one does.
    private func cancelledBacklog<Q: OperationQueueing>(_ queue: Q, mixed: Bool) throws {
        queue.maxConcurrentOperationCount = 2
        let log = OrderLog()
        queue.setStateObserver(log)
        queue.isSuspended = true
        let count = 1_000
        let bodies = Locked([Int](repeating: 0, count: count))
        let handlers = Locked([Int](repeating: 0, count: count))
        let handlerCalls = ProbeCounter()
        let ops = (0..<count).map { index in
            Q.Operation(
                name: "o\(index)", priority: .normal,
                body: .synchronous { _ in bodies.withLock { $0[index] += 1 } })
        }
        let handled = mixed ? Array(stride(from: 0, to: count, by: 10)) : []
        for index in handled {
            ops[index].completionHandler = {
                handlers.withLock { $0[index] += 1 }
                handlerCalls.increment()
            }
        }
        if mixed {
            for index in stride(from: 13, to: count, by: 13) { try ops[index].addDependency(ops[index - 1]) }
        }
        try queue.addOperations(ops, waitUntilFinished: false)
        for index in 0..<count where index % 5 != 0 { ops[index].cancel() }
        // Waiting before the queue resumes, so that they are woken by the follow-ups owed after
        // the lock sections that retire the last operations, not by finding them finished.
        // Threads of their own: Dispatch's global pool runs as many blocking blocks as cores.
        let woken = Locked<[Bool]>([])
        let waiters = DispatchGroup()
        func waiter(_ wait: @escaping @Sendable () -> Bool) {
            waiters.enter()
            Thread {
                let finished = wait()
                woken.withLock { $0.append(finished) }
                waiters.leave()
            }.start()
        }
        for index in (count - 8)..<count { waiter { ops[index].waitUntilFinished(timeout: probeBound) } }
        waiter { queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished }
        queue.isSuspended = false
        try #require(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(waiters.wait(timeout: .now() + .seconds(Int(probeBound.components.seconds) + 5)) == .success)
        #expect(woken.withLock { $0 } == Array(repeating: true, count: 9), "a waiter was never woken")
        #expect(log.waitForFinished(count: count, within: probeBound), "not every finished arrived")
        let transitions = log.snapshot
        let sequences = transitions.map(\.sequence)
        #expect(sequences == sequences.sorted())
        let finishes = Dictionary(grouping: transitions.filter { $0.event == .finished }, by: \.operation)
        #expect(ops.allSatisfy { finishes[$0.id]?.count == 1 })
        let ran = bodies.withLock { $0 }
        #expect((0..<count).allSatisfy { ran[$0] == ($0 % 5 == 0 ? 1 : 0) }, "\(ran)")
        // A wait covers the operations, not their completion handlers: wait for those, bounded.
        #expect(handlerCalls.wait(for: handled.count), "\(handlerCalls.value) of \(handled.count) handlers ran")
        let handlersRun = handlers.withLock { $0 }
        #expect((0..<count).allSatisfy { handlersRun[$0] == (handled.contains($0) ? 1 : 0) }, "\(handlersRun)")
        #expect(ops.allSatisfy { $0.isFinished })
        queue.setStateObserver(nil)
    }
}

/// Records what a queue delivers, in delivery order, and lets a test wait (bounded) for it.
private final class OrderLog: StateObserver, Sendable {
    private struct Log {
        var transitions: [StateTransition] = []
        var finished = 0
        var onFirstReady: (@Sendable () -> Void)?
    }

    private let log = Locked(Log())

    /// Run once, after the first `ready` is recorded, outside the lock.
    var onFirstReady: (@Sendable () -> Void)? {
        get { log.withLock { $0.onFirstReady } }
        set { log.withLock { $0.onFirstReady = newValue } }
    }

    func operationDidTransition(_ transition: StateTransition) {
        let toRun = log.withLockWakingWaiters { log -> (@Sendable () -> Void)? in
            log.transitions.append(transition)
            if transition.event == .finished { log.finished += 1 }
            guard transition.event == .ready else { return nil }
            defer { log.onFirstReady = nil }
            return log.onFirstReady
        }
        toRun?()
    }

    var snapshot: [StateTransition] { log.withLock { $0.transitions } }

    func waitForFinished(count: Int, within bound: Duration) -> Bool {
        log.wait(until: Deadline(after: bound)) { $0.finished >= count ? true : nil } ?? false
    }
}
