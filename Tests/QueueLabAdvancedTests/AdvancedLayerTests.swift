import QueueLabAdvanced
import QueueLabCore
import QueueLabImplementations
import Testing

struct Denied: Error, Equatable { let why: String }

/// The layer over every registered queue (lock, actor, foundation).
@Suite("Advanced layer", .timeLimit(.minutes(5)))
struct AdvancedLayerTests {
    static let queues: [String] = Implementations.queues.map { $0.implementationName }

    func on(_ name: String, _ body: (any OperationQueueing.Type) throws -> Void) throws {
        try body(try Implementations.named(name))
    }

    @Test(
        "a failed condition finishes the operation with its error, without its body; dependents run", arguments: queues)
    func failedCondition(_ name: String) throws { try on(name) { try failedCondition($0) } }

    func failedCondition<Q: OperationQueueing>(_: Q.Type) throws {
        let log = EventLog()
        let queue = AdvancedQueue<Q>(name: "q")
        let op = AdvancedOperation<Q>(name: "guarded") { _ in log.append("body") }
        op.addCondition(BlockCondition(name: "no") { .failed(Denied(why: "no")) })
        op.addCondition(BlockCondition(name: "yes") { .satisfied })
        op.addObserver(
            BlockObserver(
                didStart: { _ in log.append("start") }, didFinish: { _, errors in log.append("finish \(errors.count)") }
            ))
        let after = AdvancedOperation<Q>(name: "after") { _ in log.append("after") }
        try after.addDependency(op)
        try queue.addOperations([op, after])
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: settleBound).isFinished)
        #expect(log.all == ["finish 1", "after"])
        #expect(op.errors.first as? Denied == Denied(why: "no"))
        #expect(op.isFinished && !op.isCancelled)
    }

    @Test("log in, then like: the condition's dependency runs first, the condition after it", arguments: queues)
    func loginThenLike(_ name: String) throws { try on(name) { try loginThenLike($0) } }

    func loginThenLike<Q: OperationQueueing>(_: Q.Type) throws {
        let log = EventLog()
        let session = Session()
        let queue = AdvancedQueue<Q>(name: "app")
        let like = AdvancedOperation<Q>(name: "like") { _ in log.append("like") }
        like.addCondition(LoggedIn(session: session, log: log))
        like.addCondition(MutuallyExclusive("alert"))
        try queue.addOperation(like)
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: settleBound).isFinished)
        #expect(log.all == ["login", "evaluate true", "like"])
    }

    @Test("one operation of a category at a time; several categories at once never deadlock", arguments: queues)
    func exclusivity(_ name: String) throws { try on(name) { try exclusivity($0) } }

    func exclusivity<Q: OperationQueueing>(_: Q.Type) throws {
        let log = EventLog()
        let queue = AdvancedQueue<Q>(name: "q")
        queue.maxConcurrentOperationCount = 4
        let sets: [[String]] = [
            ["a"], ["b"], ["a", "b"], ["b", "a"], ["c", "a"], ["c"], ["b", "c"], ["a", "b", "c"],
        ]
        var ops: [AdvancedOperation<Q>] = []
        for index in 0..<64 {
            let categories = sets[index % sets.count]
            let op = AdvancedOperation<Q>(name: "op\(index)") { _ in
                log.enter(categories)
                MonotonicClock.spin(nanoseconds: 200_000)
                log.leave(categories)
            }
            categories.forEach(op.addCategory)
            if index % 9 == 4 { op.cancel() }
            ops.append(op)
        }
        try queue.addOperations(ops)
        let outcome = queue.waitUntilAllOperationsAreFinished(timeout: settleBound)
        #expect(outcome.isFinished, "\(outcome)")
        #expect(log.peaks.values.allSatisfy { $0 == 1 }, "\(log.peaks)")
        #expect(queue.exclusivity.heldCategories.isEmpty)
    }

    @Test("cancelled while running: finish observers after the body, never while it runs", arguments: queues)
    func cancelWhileRunning(_ name: String) throws { try on(name) { try cancelWhileRunning($0) } }

    func cancelWhileRunning<Q: OperationQueueing>(_: Q.Type) throws {
        let log = EventLog()
        let started = TestGate()
        let release = TestGate()
        let queue = AdvancedQueue<Q>(name: "q")
        let op = AdvancedOperation<Q>(name: "long") { op in
            started.open()
            release.wait()
            log.append("body sees cancelled \(op.isCancelled), finished \(op.isFinished)")
        }
        op.addObserver(BlockObserver(didFinish: { _, _ in log.append("finish") }))
        try queue.addOperation(op)
        #expect(started.wait())
        op.cancel()
        #expect(!op.waitUntilFinished(timeout: .milliseconds(50)))
        release.open()
        #expect(op.waitUntilFinished(timeout: settleBound))
        #expect(log.all == ["body sees cancelled true, finished false", "finish"])
    }

    @Test("a group finishes after all its children and what they produce, with their errors", arguments: queues)
    func group(_ name: String) throws { try on(name) { try group($0) } }

    func group<Q: OperationQueueing>(_: Q.Type) throws {
        let log = EventLog()
        let queue = AdvancedQueue<Q>(name: "q")
        let children = (0..<4).map { index in
            AdvancedOperation<Q>(name: "child\(index)") { op in
                MonotonicClock.spin(nanoseconds: 300_000)
                if index == 1 {
                    try op.produce(
                        AdvancedOperation<Q>(name: "produced") { _ in
                            MonotonicClock.spin(nanoseconds: 2_000_000)
                            log.append("produced done")
                            throw Denied(why: "produced")
                        })
                }
                if index == 2 { throw Denied(why: "child2") }
                log.append("child\(index) done")
            }
        }
        let group = AdvancedOperation<Q>.group(name: "group", children: children)
        group.addObserver(BlockObserver(didFinish: { _, errors in log.append("group finish \(errors.count)") }))
        try queue.addOperation(group)
        #expect(group.waitUntilFinished(timeout: settleBound))
        #expect(log.all.last == "group finish 2", "\(log.all)")
        #expect(log.count("produced done") == 1)
        #expect(children.allSatisfy { $0.isFinished })
    }

    @Test("cancelling a group cancels its children; it still finishes after them", arguments: queues)
    func cancelGroup(_ name: String) throws { try on(name) { try cancelGroup($0) } }

    func cancelGroup<Q: OperationQueueing>(_: Q.Type) throws {
        let log = EventLog()
        let started = TestGate()
        let release = TestGate()
        let queue = AdvancedQueue<Q>(name: "q")
        let running = AdvancedOperation<Q>(name: "running") { op in
            started.open()
            release.wait()
            log.append("running saw cancel \(op.isCancelled)")
        }
        let waiting = AdvancedOperation<Q>(name: "waiting") { _ in log.append("waiting ran") }
        try waiting.addDependency(running)
        let group = AdvancedOperation<Q>.group(name: "group", children: [running, waiting])
        group.addObserver(BlockObserver(didFinish: { _, _ in log.append("group finish") }))
        try queue.addOperation(group)
        #expect(started.wait())
        group.cancel()
        #expect(waiting.waitUntilFinished(timeout: settleBound))
        #expect(!group.isFinished)
        release.open()
        #expect(group.waitUntilFinished(timeout: settleBound))
        #expect(log.all == ["running saw cancel true", "group finish"])
        #expect(waiting.isCancelled)
    }

    @Test(
        "a cancel while waiting for exclusivity gives the place up; the next one gets the category", arguments: queues)
    func cancelWhileWaitingForExclusivity(_ name: String) throws {
        try on(name) { try cancelWhileWaitingForExclusivity($0) }
    }

    func cancelWhileWaitingForExclusivity<Q: OperationQueueing>(_: Q.Type) throws {
        let log = EventLog()
        let release = TestGate()
        let started = TestGate()
        let queue = AdvancedQueue<Q>(name: "q")
        let holder = AdvancedOperation<Q>(name: "holder") { _ in
            started.open()
            release.wait()
        }
        let waiter = AdvancedOperation<Q>(name: "waiter") { _ in log.append("waiter ran") }
        let next = AdvancedOperation<Q>(name: "next") { _ in log.append("next ran") }
        for op in [holder, waiter, next] { op.addCondition(MutuallyExclusive("alert")) }
        try queue.addOperation(holder)
        #expect(started.wait())
        try queue.addOperations([waiter, next])
        let report = queue.stallReport().description
        waiter.cancel()
        #expect(waiter.waitUntilFinished(timeout: settleBound))
        release.open()
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: settleBound).isFinished)
        #expect(log.all == ["next ran"])
        #expect(report.contains("waiting for exclusivity") || report.contains("pending"), "\(report)")
    }

    @Test(
        "an exclusive group takes its children's categories with its own; they take turns inside it", arguments: queues)
    func exclusiveGroup(_ name: String) throws { try on(name) { try exclusiveGroup($0) } }

    func exclusiveGroup<Q: OperationQueueing>(_: Q.Type) throws {
        let log = EventLog()
        let queue = AdvancedQueue<Q>(name: "q")
        queue.maxConcurrentOperationCount = 1  // a group holds no width slot: its children still run
        let children = (0..<4).map { index in
            let child = AdvancedOperation<Q>(name: "child\(index)") { op in
                log.enter(["alert"])
                MonotonicClock.spin(nanoseconds: 300_000)
                log.leave(["alert"])
                if index == 0 {
                    let late = AdvancedOperation<Q>(name: "late") { _ in log.append("late ran") }
                    late.addCategory("network")  // not taken by the group: refused, never waited for
                    try op.produce(late)
                }
            }
            child.addCategory("alert")
            return child
        }
        let group = AdvancedOperation<Q>.group(name: "group", children: children)
        group.addCategory("report")
        let outside = AdvancedOperation<Q>(name: "outside") { _ in log.append("outside ran") }
        outside.addCategory("alert")
        try queue.addOperations([group, outside])
        #expect(queue.waitUntilAllOperationsAreFinished(timeout: settleBound).isFinished)
        #expect(log.peaks["alert"] == 1)
        #expect(log.all == ["outside ran"])
        #expect(group.errors.count == 1 && group.errors.first is ExclusivityError)
    }
}

/// The talk's example: "like" needs a logged-in session; the condition supplies "log in" first.
final class Session: Sendable {
    private let loggedIn = Locked(false)
    var isLoggedIn: Bool { loggedIn.withLock { $0 } }
    func logIn() { loggedIn.withLock { $0 = true } }
}

struct LoggedIn: AdvancedCondition {
    let session: Session
    let log: EventLog
    var name: String { "LoggedIn" }

    func dependency<Q: OperationQueueing>(for operation: AdvancedOperation<Q>) -> AdvancedOperation<Q>? {
        guard !session.isLoggedIn else { return nil }
        let login = AdvancedOperation<Q>(name: "login") { [session, log] _ in
            log.append("login")
            session.logIn()
        }
        login.addCondition(MutuallyExclusive("alert"))
        return login
    }

    func evaluate<Q: OperationQueueing>(
        for operation: AdvancedOperation<Q>, completion: @escaping @Sendable (ConditionResult) -> Void
    ) {
        log.append("evaluate \(session.isLoggedIn)")
        completion(session.isLoggedIn ? .satisfied : .failed(ConditionFailed(condition: name, reason: "not logged in")))
    }
}
