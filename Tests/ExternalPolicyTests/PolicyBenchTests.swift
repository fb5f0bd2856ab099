import ActorBasedQueue
import LockBasedQueue
import QueueLabCore
import QueueLabScheduling
import TestTiers
import Testing

/// Unit tests of a policy without a queue, through ``PolicyBench``: what a policy's own package
/// writes (public API only).
@Suite(.onBlockingThreads) struct PolicyBenchTests {
    @Test func ordersWhatItHolds() {
        var bench = PolicyBench(ShortestNameFirst())
        let long = bench.operation("long")
        let short = bench.operation("s")
        bench.list(long)
        bench.list(short)
        #expect(bench.readyCount == 2)
        #expect(bench.pop() === short)
        #expect(bench.pop() === long)
        #expect(bench.pop() == nil)
        #expect(bench.readyCount == 0)
        #expect(bench.faults.isEmpty)
    }

    @Test func anUnlistedOperationIsDroppedNotReturned() {
        var bench = PolicyBench(ShortestNameFirst())
        let first = bench.operation("a")
        let second = bench.operation("bb")
        bench.list(first)
        bench.list(second)
        bench.unlist(first)  // a late dependency: its entry goes stale where it lies
        #expect(bench.readyCount == 1)
        #expect(bench.pop() === second)
        #expect(bench.faults.isEmpty)
    }

    @Test func aPriorityChangeRelistsForAPolicyThatRelists() {
        var bench = PolicyBench(StrictPolicy())
        let a = bench.operation("a", priority: .low)
        let b = bench.operation("b", priority: .normal)
        bench.list(a)
        bench.list(b)
        bench.changePriority(of: a, to: .high)
        #expect(bench.pop() === a)
        #expect(bench.pop() === b)
        #expect(bench.faults.isEmpty)
    }

    @Test func aPolicyThatReturnsAnEntryTwiceIsRecordedAndOverruled() {
        var bench = PolicyBench(Repeater())
        let a = bench.operation("a")
        let b = bench.operation("b")
        bench.list(a)
        bench.list(b)
        #expect(bench.pop() === a)
        // The policy returns `a` again: the bench refuses it and takes the safe pick, `b`.
        #expect(bench.pop() === b)
        #expect(bench.faults.map(\.kind) == [.notReadyHere])
        #expect(bench.faults.first?.description.hasPrefix("policy repeater: operation not ready in this queue") == true)
    }

    @Test func aLostEntryIsRecordedAndFound() {
        var bench = PolicyBench(Forgetful())
        let a = bench.operation("a")
        bench.list(a)
        #expect(bench.pop() === a)
        #expect(bench.faults.map(\.kind) == [.lostEntry])
    }

    @Test func aStaleEntryIsRecorded() {
        var bench = PolicyBench(Repeater())
        let a = bench.operation("a")
        let b = bench.operation("b")
        bench.list(a)
        bench.list(b)
        bench.changePriority(of: a, to: .high)  // relisted: Repeater returns the old entry
        // Refused; the safe pick is the oldest current listing, `b` (`a` was listed anew after it).
        #expect(bench.pop() === b)
        #expect(bench.faults.map(\.kind) == [.staleEntry])
    }

    @Test func bothQueuesRecordTheFaultAndKeepRunning() {
        expectRecordsAndRuns(LockQueue(name: "faulty", policy: Repeater()))
        expectRecordsAndRuns(ActorQueue(name: "faulty", policy: Repeater()))
        #expect(LockQueue(name: "built-in").policyFaultLog == nil)
        #expect(ActorQueue(name: "built-in", policy: .aging()).policyFaultLog == nil)
    }

    private func expectRecordsAndRuns<Q: OperationQueueing & PolicyFaultReporting>(_ queue: Q) {
        queue.maxConcurrentOperationCount = 1
        queue.isSuspended = true
        let log = NameLog()
        for name in ["a", "b", "c"] {
            try? queue.addOperation(
                Q.Operation(name: name, priority: .normal, body: .synchronous { _ in log.append(name) }))
        }
        queue.isSuspended = false
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: .seconds(20)) == .finished)
        // Each body once: the repeated pick was refused every time.
        #expect(log.names.sorted() == ["a", "b", "c"])
        #expect(queue.policyFaultLog?.count == 2)
    }
}

/// Returns the first entry it was given, every time (a broken policy).
private struct Repeater: SchedulingPolicy {
    private var entries: [ReadyEntry] = []

    var name: String { "repeater" }
    var promises: OrderingPromises { [] }

    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) { entries.append(entry) }

    mutating func pop(now: UInt64) -> ReadyEntry? { entries.first }
}

/// Holds nothing: every operation it is given is lost.
private struct Forgetful: SchedulingPolicy {
    var name: String { "forgetful" }
    var promises: OrderingPromises { [] }
    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {}
    mutating func pop(now: UInt64) -> ReadyEntry? { nil }
}
