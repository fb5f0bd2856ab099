import Foundation
import QueueLabCore
import QueueLabImplementations
import Synchronization
import TestTiers
import Testing

/// `addOperations(_:waitUntilFinishedWithin:)`, the bounded form of
/// `addOperations(_:waitUntilFinished: true)`: a protocol extension, so it is run on every
/// registered queue, each test limited to the queues that have the capabilities it needs.
@Suite(.onBlockingThreads) struct BoundedBatchWaitTests {
    static func queues(with needed: QueueCapabilities = []) -> [QueueType] {
        QueueBehaviourTests.queues.filter { $0.capabilities.isSuperset(of: needed) }.map(QueueType.init)
    }

    @Test(arguments: queues())
    func aBatchThatFinishesReturnsFinished(_ type: QueueType) throws {
        try type.open { queue in try finishingBatch(queue) }
    }

    private func finishingBatch<Q: OperationQueueing>(_ queue: Q) throws {
        let log = ProbeLog<Int>()
        let members = (0..<10).map { index in Q.Operation(name: "m\(index)") { _ in log.append(index) } }
        let chained = Q.capabilities.contains(.dependencies)
        if chained {
            for index in 1..<members.count { try members[index].addDependency(members[index - 1]) }
        }
        // Added last-first: with the chain, the order they run in comes from the dependencies.
        let outcome = try queue.addOperations(members.reversed(), waitUntilFinishedWithin: probeBound)
        #expect(outcome == .finished)
        #expect(members.allSatisfy { $0.isFinished }, "the call returned before every member finished")
        if chained {
            #expect(log.snapshot == Array(0..<10))
        } else {
            #expect(log.snapshot.sorted() == Array(0..<10))
        }
    }

    @Test(arguments: queues())
    func anEmptyBatchReturnsFinished(_ type: QueueType) throws {
        try type.open { queue in try emptyBatch(queue) }
    }

    private func emptyBatch<Q: OperationQueueing>(_ queue: Q) throws {
        #expect(try queue.addOperations([Q.Operation](), waitUntilFinishedWithin: .zero) == .finished)
    }

    @Test(arguments: queues())
    func aBlockedBatchTimesOutNamingItsUnfinishedMembersOnly(_ type: QueueType) throws {
        try type.open { queue in try blockedBatch(queue) }
    }

    /// Twenty members blocked on a gate (and, where dependencies exist, one waiting for the first of
    /// them) against a short bound; an operation of the same queue outside the batch is blocked too
    /// and must not be named. The gate opens on every path, so nothing outlives the test.
    private static let blockerCount = 20

    private func blockedBatch<Q: OperationQueueing>(_ queue: Q) throws {
        let gate = ProbeLatch()
        defer { gate.open() }
        let outsider = Q.Operation(name: "outsider") { _ in gate.wait() }
        try queue.addOperation(outsider)
        let blockers = (0..<Self.blockerCount).map { index in
            Q.Operation(name: "blocker\(index)") { _ in gate.wait() }
        }
        var batch = blockers
        let dependent = Q.Operation(name: "dependent") { _ in }
        let hasDependencies = Q.capabilities.contains(.dependencies)
        if hasDependencies {
            try dependent.addDependency(blockers[0])
            batch.append(dependent)
        }

        let timeout: Duration = .milliseconds(250)
        let start = MonotonicClock.now()
        let outcome = try queue.addOperations(batch, waitUntilFinishedWithin: timeout)
        let elapsed = MonotonicClock.now() - start

        guard case .timedOut(let report) = outcome else {
            Issue.record("a batch blocked on a closed gate returned \(outcome)")
            return
        }
        let named = report.entries.map(\.operation)
        #expect(Set(named) == Set(batch.map(\.label)), "\(report)")
        #expect(!named.contains(outsider.label), "the report names an operation outside the batch")
        #expect(report.queueName == queue.name)
        for entry in report.entries where entry.operation != dependent.label {
            #expect(entry.state == .ready || entry.state == .executing, "\(entry)")
        }
        if hasDependencies {
            let waiting = try #require(report.entries.first { $0.operation == dependent.label })
            #expect(waiting.state == .pending)
            #expect(waiting.unmetDependencies == [blockers[0].label])
        }
        // It waited for the bound (a little slack for clocks other than ours inside the waits),
        // once for the whole batch: a bound per member would take twenty times as long (5 s), which
        // leaves a loaded machine 4.75 s to wake this thread before the check could mistake it.
        #expect(elapsed + 5_000_000 >= timeout.nanoseconds, "returned after \(elapsed) ns")
        #expect(
            elapsed < UInt64(Self.blockerCount) * timeout.nanoseconds,
            "returned after \(elapsed) ns: not one deadline for the batch")

        gate.open()
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(batch.allSatisfy { $0.isFinished })
    }

    @Test(arguments: queues(with: [.width, .priorities]))
    func theBatchIsStillAddedAsOneUnit(_ type: QueueType) throws {
        try type.open { queue in try admittedTogether(queue) }
    }

    /// As `BatchAdmissionTests`: on an idle serial queue a batch admitted member by member would
    /// now and then start its first member before the higher-priority ones were in.
    private func admittedTogether<Q: OperationQueueing>(_ queue: Q) throws {
        let rounds = 300
        let outOfOrder = try BatchAdmissionTests.outOfOrderBatches(queue, rounds: rounds) { queue, batch in
            try #require(try queue.addOperations(batch, waitUntilFinishedWithin: probeBound) == .finished)
        }
        #expect(outOfOrder == 0, "\(outOfOrder) of \(rounds) batches ran out of priority order")
    }

    @Test(arguments: queues(with: [.suspension, .misuseErrors]))
    func anAlreadyEnqueuedMemberStillThrowsAndAddsNone(_ type: QueueType) throws {
        try type.open { queue in try refusedBatch(queue) }
    }

    /// The queue is suspended so that `queued` stays queued (not started, not finished): the error
    /// is then `alreadyEnqueued` on every queue. A refused call throws before it waits: were it
    /// to wait, the suspended queue would hold it for the whole bound.
    private func refusedBatch<Q: OperationQueueing>(_ queue: Q) throws {
        queue.isSuspended = true
        let ran = Atomic<Int>(0)
        let queued = Q.Operation(name: "queued") { _ in ran.add(1, ordering: .relaxed) }
        try queue.addOperation(queued)
        let fresh = Q.Operation(name: "fresh") { _ in ran.add(1, ordering: .relaxed) }
        #expect(throws: QueueError.alreadyEnqueued(queued.label)) {
            _ = try queue.addOperations([fresh, queued], waitUntilFinishedWithin: probeBound)
        }
        let twice = Q.Operation(name: "twice") { _ in ran.add(1, ordering: .relaxed) }
        #expect(throws: QueueError.alreadyEnqueued(twice.label)) {
            _ = try queue.addOperations([twice, twice], waitUntilFinishedWithin: probeBound)
        }
        // Neither refused batch added anything: both fresh operations can still be added, once.
        try queue.addOperations([fresh, twice], waitUntilFinished: false)
        queue.isSuspended = false
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: probeBound) == .finished)
        #expect(ran.load(ordering: .relaxed) == 3)
    }
}
