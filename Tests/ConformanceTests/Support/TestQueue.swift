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
            try? locked { core.width = newValue }
            core.wake()
        }
    }

    var isSuspended: Bool {
        get { (try? locked { core.suspended }) ?? false }
        set {
            let forgetsWake = try? locked { () -> Bool in
                let resumed = core.suspended && !newValue
                core.suspended = newValue
                return F.mutation == .resumeForgetsIdleQueue && resumed && !core.hasWorkersLocked
            }
            if forgetsWake != true { core.wake() }
        }
    }

    var operations: [TestOperation<F>] { (try? locked { core.ops }) ?? [] }
    var operationCount: Int { (try? locked { core.ops.count }) ?? 0 }

    func addOperation(_ operation: TestOperation<F>) throws(QueueError) {
        try addOperations([operation], waitUntilFinished: false)
    }

    func addOperations(_ operations: [TestOperation<F>], waitUntilFinished: Bool) throws(QueueError) {
        try locked { () throws(QueueError) in
            var seen: Set<ObjectIdentifier> = []
            for op in operations {
                if op.stateStorage == .finished { throw .alreadyFinished(op.label) }
                if op.enqueued || !seen.insert(ObjectIdentifier(op)).inserted { throw .alreadyEnqueued(op.label) }
            }
            if F.mutation == .listsEdgedMembersLast {
                let edged = operations.filter(\.hasEdgesLocked)
                for op in operations.filter({ !$0.hasEdgesLocked }) + edged { core.enqueueLocked(op, of: self) }
            } else if F.mutation != .admitsOneByOne {
                for op in operations { core.enqueueLocked(op, of: self) }
            }
        }
        if F.mutation == .admitsOneByOne {
            for op in operations {
                try? locked { core.enqueueLocked(op, of: self) }
                core.wake()
            }
        }
        core.wake()
        if waitUntilFinished { operations.forEach { $0.waitUntilFinished() } }
    }

    func addOperation(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        try addOperation(TestOperation<F>(name: nil, priority: .normal, body: .synchronous { _ in block() }))
    }

    func addBarrierBlock(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        try addOperation(TestOperation<F>(barrier: block))
    }

    func cancelAllOperations() {
        operations.forEach { $0.cancel() }
    }

    func waitUntilAllOperationsAreFinished() {
        scheduler.condition.lock()
        while !core.ops.isEmpty { scheduler.condition.wait() }
        scheduler.condition.unlock()
    }

    func waitUntilAllOperationsAreFinished(timeout: Duration) -> WaitOutcome {
        let end = Date(timeIntervalSinceNow: Double(timeout.nanoseconds) / 1e9)
        scheduler.condition.lock()
        // The mutant takes an executing asynchronous operation for finished.
        func unfinished() -> Bool {
            F.mutation == .boundedWaitSkipsExecutingAsync
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
