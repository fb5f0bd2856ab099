import Dispatch
import QueueLabAdvanced
import QueueLabCore
import QueueLabImplementations
import Testing

/// Cancels landing in every phase (pending, evaluating, waiting for a category, scheduled,
/// running): whichever side wins, the operation finishes exactly once and never runs after a
/// cancel it saw before starting.
@Suite("Cancel races", .timeLimit(.minutes(5)))
struct CancelRaceTests {
    static let queues: [String] = Implementations.queues.map { $0.implementationName }

    @Test("finish observers exactly once whatever the phase a cancel lands in", arguments: queues)
    func exactlyOnce(_ name: String) throws {
        func run<Q: OperationQueueing>(_: Q.Type) throws {
            let finishes = EventLog()
            let queue = AdvancedQueue<Q>(name: "race")
            queue.maxConcurrentOperationCount = 3
            var ops: [AdvancedOperation<Q>] = []
            for index in 0..<400 {
                let asynchronous = index % 3 == 0
                let body: AdvancedBody<Q> =
                    asynchronous
                    ? .asynchronous { op in DispatchQueue.global().async { op.finish() } }
                    : .synchronous { _ in MonotonicClock.spin(nanoseconds: 20_000) }
                let op = AdvancedOperation<Q>(name: "op\(index)", body: body)
                if index % 4 == 0 { op.addCategory("alert") }
                if index % 5 == 0 {
                    op.addCondition(SlowCondition(fails: index % 10 == 0))
                    op.addCondition(SlowCondition(fails: false))
                }
                if let previous = ops.last, index % 7 == 0 { try op.addDependency(previous) }
                op.addObserver(BlockObserver(didFinish: { op, _ in finishes.append(op.name ?? "") }))
                ops.append(op)
            }
            let toCancel = ops.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            let toAdd = ops
            DispatchQueue.concurrentPerform(iterations: 2) { lane in
                if lane == 0 {
                    for op in toAdd { try? queue.addOperation(op) }
                } else {
                    for op in toCancel {
                        // Right after it entered: lands in the early phases, where the races are.
                        let end = MonotonicClock.now() + 2_000_000
                        while op.currentPhase == .created && MonotonicClock.now() < end {}
                        op.cancel()
                    }
                }
            }
            let outcome = queue.waitUntilAllOperationsAreFinished(timeout: .seconds(20))
            #expect(outcome.isFinished, "\(outcome)")
            for op in ops {
                #expect(
                    finishes.count(op.name ?? "") == 1, "\(op.label) finished \(finishes.count(op.name ?? "")) times")
            }
        }
        let queue = try Implementations.named(name)
        for _ in 0..<3 { try run(queue) }
    }
}

/// A condition that answers later, from another thread.
struct SlowCondition: AdvancedCondition {
    let fails: Bool
    var name: String { fails ? "slowFails" : "slow" }

    func evaluate<Q: OperationQueueing>(
        for operation: AdvancedOperation<Q>, completion: @escaping @Sendable (ConditionResult) -> Void
    ) {
        let fails = self.fails
        DispatchQueue.global().async {
            MonotonicClock.spin(nanoseconds: 30_000)
            completion(fails ? .failed(ConditionFailed(condition: "slowFails", reason: "by the test")) : .satisfied)
        }
    }
}
