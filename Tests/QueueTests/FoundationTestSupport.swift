import Foundation
import QueueLabCore

// The support of this test target: bounded waits, thread-safe logs and traces, shared by the
// behaviour tests of every implementation and the Foundation and Dispatch probes.

/// The bound of every wait in these tests: generous, so that only a real hang reaches it.
let probeBound: Duration = .seconds(20)

extension QueueBehaviourTests {
    /// The queues whose bodies run on workers of their own: every queue but Foundation's.
    ///
    /// Foundation's bodies run on libdispatch's thread pool, which adds a thread for work waiting
    /// behind blocked bodies only while the process leaves a core idle. Beside the rest of a test
    /// process that keeps the cores busy (the fast tier under ThreadSanitizer), Foundation started
    /// one body in 20 s of three it had room for. A test that holds bodies blocked and waits for the
    /// next start measures that pool there, not the queue, so it runs on these; `model.contract`
    /// judges Foundation on such programs, its slow starts declared.
    static var queuesWithOwnWorkers: [any OperationQueueing.Type] {
        queues.filter { $0.implementationName != "foundation" }
    }
}

/// A thread-safe log, in the order entries were appended.
final class ProbeLog<Value: Sendable>: Sendable {
    private let values = Locked<[Value]>([])

    func append(_ value: Value) { values.withLockWakingWaiters { $0.append(value) } }

    var snapshot: [Value] { values.withLock { $0 } }

    /// - Returns: whether the log held `count` entries within `timeout`.
    func waitForCount(_ count: Int, within timeout: Duration = probeBound) -> Bool {
        values.wait(until: Deadline(after: timeout)) { $0.count >= count ? true : nil } ?? false
    }
}

/// A one-shot signal with a bounded wait: how a test learns that a body reached a point.
final class ProbeLatch: Sendable {
    private let isOpen = Locked(false)

    func open() { isOpen.withLockWakingWaiters { $0 = true } }

    /// - Returns: whether the latch opened within `timeout`.
    @discardableResult
    func wait(timeout: Duration = probeBound) -> Bool {
        isOpen.wait(until: Deadline(after: timeout)) { $0 ? true : nil } ?? false
    }
}

/// A `StateObserver` that keeps every transition.
final class ProbeTrace: StateObserver, Sendable {
    private let transitions = Locked<[StateTransition]>([])

    func operationDidTransition(_ transition: StateTransition) {
        transitions.withLockWakingWaiters { $0.append(transition) }
    }

    /// In the order the transitions were made (their causal sequence).
    var all: [StateTransition] { delivered.sorted { $0.sequence < $1.sequence } }

    /// In the order they were delivered.
    var delivered: [StateTransition] { transitions.withLock { $0 } }

    func events(of id: OperationID) -> [OperationEvent] {
        all.filter { $0.operation == id }.map(\.event)
    }

    /// Waits (bounded) until `ids` all delivered `finished`.
    @discardableResult
    func waitForFinished(_ ids: [OperationID], timeout: Duration = probeBound) -> Bool {
        transitions.wait(until: Deadline(after: timeout)) { transitions in
            let finished = Set(transitions.filter { $0.event == .finished }.map(\.operation))
            return ids.allSatisfy(finished.contains) ? true : nil
        } ?? false
    }
}

/// Runs `work` on a thread of its own and waits at most `timeout` for it to return.
///
/// - Returns: whether it returned; a call that hangs is left behind on its leaked thread (the
///   process can still exit), so a hang is reported instead of hanging the test.
func returnsWithin(_ timeout: Duration, _ work: @escaping @Sendable () -> Void) -> Bool {
    let done = ProbeLatch()
    let thread = Thread {
        work()
        done.open()
    }
    thread.start()
    return done.wait(timeout: timeout)
}

/// A counter that can be waited on: completion blocks run on another thread, after `finished`.
final class ProbeCounter: Sendable {
    private let count = Locked(0)

    func increment() { count.withLockWakingWaiters { $0 += 1 } }

    var value: Int { count.withLock { $0 } }

    /// - Returns: whether the count reached `target` within `timeout`.
    @discardableResult
    func wait(for target: Int, timeout: Duration = probeBound) -> Bool {
        count.wait(until: Deadline(after: timeout)) { $0 >= target ? true : nil } ?? false
    }
}
