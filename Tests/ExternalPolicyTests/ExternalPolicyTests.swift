import ActorBasedQueue
import Foundation
import LockBasedQueue
import QueueLabConformance
import QueueLabCore
import QueueLabScheduling
import TestTiers
import Testing

/// A policy written outside QueueLab (``ShortestNameFirst``), plugged into both queues through
/// their public initialisers.
@Suite(.onBlockingThreads) struct ExternalPolicyTests {
    static let names = ["ccc", "a", "bb", "dddd", "e", "ff"]
    static let expected = ["a", "e", "bb", "ff", "ccc", "dddd"]

    @Test func runsInALockQueue() throws {
        let queue = LockQueue(name: "external", policy: ShortestNameFirst())
        #expect(queue.policy.name == "shortest-name")
        #expect(try run(queue) == Self.expected)
    }

    @Test func runsInAnActorQueue() throws {
        let queue = ActorQueue(name: "external", policy: ShortestNameFirst())
        #expect(queue.policy.promises.isEmpty)
        #expect(try run(queue) == Self.expected)
    }

    @Test func aLateDependencyHoldsBackWhatThePolicyWouldPick() throws {
        let queue = LockQueue(name: "external", policy: ShortestNameFirst())
        let log = NameLog()
        queue.maxConcurrentOperationCount = 1
        queue.isSuspended = true
        let long = LockOperation(name: "long") { _ in log.append("long") }
        let short = LockOperation(name: "s") { _ in log.append("s") }
        try queue.addOperations([long, short], waitUntilFinished: false)
        try short.addDependency(long)  // added after enqueue: `short` leaves the ready set
        queue.isSuspended = false
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: .seconds(20)) == .finished)
        #expect(log.names == ["long", "s"])
    }

    private func run<Q: OperationQueueing>(_ queue: Q) throws -> [String] {
        let log = NameLog()
        queue.maxConcurrentOperationCount = 1
        queue.isSuspended = true
        for name in Self.names {
            try queue.addOperation(
                Q.Operation(name: name, priority: .normal, body: .synchronous { _ in log.append(name) }))
        }
        queue.isSuspended = false
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: .seconds(20)) == .finished)
        return log.names
    }
}

/// The names bodies logged, in order, from the queue's threads: in a `Locked` (an `NSLock`, which
/// ThreadSanitizer sees), so the log is Sendable as checked, with no `@unchecked` of its own.
final class NameLog: Sendable {
    private let values = Locked<[String]>([])
    func append(_ name: String) { values.withLock { $0.append(name) } }
    var names: [String] { values.withLock { $0 } }
}

/// The same outside policy through the conformance suite: it promises no ordering, so the
/// ordering checks are UNSUPPORTED with the reason, and every other check passes.
@Suite(.onBlockingThreads) struct ExternalPolicyConformanceTests {
    @Test func passesEveryCheckOfCorrectness() {
        let report = ConformanceSuite.run(
            LockQueue.recipe(policy: ShortestNameFirst()),
            configuration: ConformanceConfiguration(level: .quick, timeBound: .seconds(20)))
        let passed = report.isSuccess  // not in #expect: it would print the whole report value
        #expect(passed, "\(report.text())")
        #expect(report.implementations == ["lock[shortest-name]"])
        let unsupported = report.outcomes.filter { $0.verdict == .unsupported }
        // deps-win needs no promise (dependencies always win), so it runs and passes.
        #expect(
            unsupported.map(\.checkID) == [
                "priority.order", "priority.fifo", "priority.change", "priority.no-starvation",
                "priority.weighted-share", "priority.inheritance", "order.strict-priority", "order.fifo-within-level",
                "order.lifo-within-level", "order.ready-order", "order.weighted-shares", "order.inheritance",
                "order.longest-chain", "batch.fifo",
            ])
        #expect(unsupported.allSatisfy { $0.summary.hasPrefix("policy shortest-name does not promise") })
    }
}
