import Foundation
import QueueLabCore

/// A small, correct (unless its flavor says otherwise) operation queue written for the tests: one
/// lock for everything, worker threads of its own that pick the best ready operation. It is the
/// "bring your own queue" example and the base every mutant derives from.
final class TestQueue<F: QueueFlavor>: OperationQueueing, @unchecked Sendable {
    // @unchecked Sendable: all mutable state lives in `core`, guarded by the scheduler lock.
    typealias Operation = TestOperation<F>

    static var implementationName: String {
        F.mutation == .none ? (F.rejectsCycles ? "test" : "test-deadlock") : "mutant-\(F.mutation.rawValue)"
    }
    static var implementationSummary: String { "the conformance tests' own queue (\(F.mutation))" }
    static var capabilities: QueueCapabilities {
        F.rejectsCycles ? .all : [.operationQueue, .misuseErrors]
    }

    private let core: TestQueueCore<F>
    let name: String?

    init(name: String?) {
        self.name = name
        core = TestQueueCore(name: name)
    }

    deinit { core.shutDown() }

    private var scheduler: TestScheduler { .shared }

    private func locked<T>(_ work: () throws(QueueError) -> T) throws(QueueError) -> T {
        scheduler.condition.lock()
        defer { scheduler.condition.unlock() }
        return try work()
    }

    var maxConcurrentOperationCount: Int {
        get { (try? locked { core.width }) ?? -1 }
        set {
            let forgetsWake = try? locked { core.setWidthLocked(newValue) }
            if forgetsWake != true { core.wake() }
        }
    }

    var isSuspended: Bool {
        get { (try? locked { core.suspended }) ?? false }
        set {
            var finishesNow: [TestOperation<F>] = []
            let forgetsWake = try? locked { () -> Bool in
                let resumed = core.suspended && !newValue
                core.suspended = newValue
                if resumed && F.mutation == .syncFinishWaitsForResume {
                    finishesNow = core.takeFinishesOnResumeLocked()
                }
                if resumed && F.mutation == .resumeLooksAtOldestOnly && core.oldestWaitingIsPendingLocked {
                    core.overlookWaitingLocked()
                    return true
                }
                return F.mutation == .resumeForgetsIdleQueue && resumed && !core.hasWorkersLocked
            }
            for op in finishesNow { op.complete() }
            if forgetsWake != true { core.wake() }
        }
    }

    /// `operationsOmitCancelled` leaves out the cancelled operations that have not finished.
    var operations: [TestOperation<F>] {
        (try? locked { F.mutation == .operationsOmitCancelled ? core.ops.filter { !$0.cancelled } : core.ops }) ?? []
    }
    var operationCount: Int {
        let count = try? locked {
            F.mutation == .operationsOmitCancelled ? core.ops.count(where: { !$0.cancelled }) : core.ops.count
        }
        return count ?? 0
    }

    func addOperation(_ operation: TestOperation<F>) throws(QueueError) {
        try addOperations([operation], waitUntilFinished: false)
    }

    func addOperations(_ operations: [TestOperation<F>], waitUntilFinished: Bool) throws(QueueError) {
        if F.mutation == .refusedBatchAddsPrefix {
            try addValidatingOneByOne(operations, waitUntilFinished: waitUntilFinished)
            return
        }
        var overlooked = false
        try locked { () throws(QueueError) in
            var seen: Set<ObjectIdentifier> = []
            var members = operations
            for op in operations {
                if F.mutation == .acceptsReaddOfExecuting && op.enqueued && op.stateStorage == .executing {
                    members.removeAll { $0 === op }  // skipped without a word
                    continue
                }
                if let refusal = refusalLocked(of: op, seen: &seen) { throw refusal }
            }
            let heldOperations = !core.ops.isEmpty
            if F.mutation == .listsEdgedMembersLast {
                let edged = members.filter(\.hasEdgesLocked)
                for op in members.filter({ !$0.hasEdgesLocked }) + edged { core.enqueueLocked(op, of: self) }
            } else if F.mutation != .admitsOneByOne {
                for op in members { core.enqueueLocked(op, of: self) }
            }
            if F.mutation == .addWakesOnlyEmptyQueue && heldOperations && !waitUntilFinished {
                // "The queue has work, so its workers are busy": nobody looks for the new members.
                for op in members { op.unnoticed = true }
                overlooked = true
            }
        }
        if F.mutation == .admitsOneByOne {
            for op in operations {
                try? locked { core.enqueueLocked(op, of: self) }
                core.wake()
            }
        }
        if overlooked { scheduler.deliver() } else { core.wake() }
        if waitUntilFinished { operations.forEach { $0.waitUntilFinished() } }
    }

    /// Why `op` cannot join the batch, if it cannot. Lock held.
    private func refusalLocked(of op: TestOperation<F>, seen: inout Set<ObjectIdentifier>) -> QueueError? {
        if op.stateStorage == .finished { return .alreadyFinished(op.label) }
        if op.enqueued || !seen.insert(ObjectIdentifier(op)).inserted { return .alreadyEnqueued(op.label) }
        return nil
    }

    /// `refusedBatchAddsPrefix`: validates each member as it adds it, so a refused batch keeps the
    /// members before the one refused. An accepted batch still enters as one unit (one lock hold).
    private func addValidatingOneByOne(_ operations: [TestOperation<F>], waitUntilFinished: Bool) throws(QueueError) {
        let refusal = try locked { () -> QueueError? in
            var seen: Set<ObjectIdentifier> = []
            for op in operations {
                if let refusal = refusalLocked(of: op, seen: &seen) { return refusal }
                core.enqueueLocked(op, of: self)
            }
            return nil
        }
        core.wake()
        if let refusal { throw refusal }
        if waitUntilFinished { operations.forEach { $0.waitUntilFinished() } }
    }

    func addOperation(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        try addOperation(TestOperation<F>(name: nil, priority: .normal, body: .synchronous { _ in block() }))
    }

    func addBarrierBlock(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        try addOperation(TestOperation<F>(barrier: block))
    }

    func cancelAllOperations() {
        if F.mutation == .cancelAllSkipsPending {
            let reached = (try? locked { core.ops.filter { $0.started || $0.isReadyLocked } }) ?? []
            reached.forEach { $0.cancel() }
            return
        }
        operations.forEach { $0.cancel() }
    }

    /// `waitReturnsWhenSuspendedIdle`: takes a suspended queue with nothing executing for done. Lock held.
    private var looksDoneLocked: Bool {
        F.mutation == .waitReturnsWhenSuspendedIdle && core.suspended && core.executingLocked == 0
    }

    func waitUntilAllOperationsAreFinished() {
        scheduler.condition.lock()
        while !core.ops.isEmpty && !looksDoneLocked { scheduler.condition.wait() }
        scheduler.condition.unlock()
    }

    func waitUntilAllOperationsAreFinished(timeout: Duration) -> WaitOutcome {
        let end = Date(timeIntervalSinceNow: Double(timeout.nanoseconds) / 1e9)
        scheduler.condition.lock()
        // The mutant takes an executing asynchronous operation for finished.
        func unfinished() -> Bool {
            if looksDoneLocked { return false }
            return F.mutation == .boundedWaitSkipsExecutingAsync
                ? core.ops.contains { !($0.isAsynchronous && $0.stateStorage == .executing) } : !core.ops.isEmpty
        }
        while unfinished() {
            if !scheduler.condition.wait(until: end) && unfinished() {
                let (snapshot, suspended) = (core.ops, core.suspended)
                scheduler.condition.unlock()
                return .timedOut(StallReport(queueName: name, isSuspended: suspended, operations: snapshot))
            }
        }
        scheduler.condition.unlock()
        return .finished
    }

    func setStateObserver(_ observer: (any StateObserver)?) {
        try? locked { core.observer = observer }
    }
}
