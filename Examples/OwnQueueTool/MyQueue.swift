import Foundation
import LockBasedQueue
import QueueLabCore

/// Set by QUEUELAB_EXAMPLE_TRAP_ON_BARRIER: `mine` then traps in `addBarrierBlock`.
let trapsOnBarrier = ProcessInfo.processInfo.environment["QUEUELAB_EXAMPLE_TRAP_ON_BARRIER"] != nil

/// Stands for a queue written in another package: a type QueueLab's tool does not know, with a
/// name of its own. (It lends its work to QueueLab's `LockQueue`, which keeps the example short;
/// your queue implements the protocol itself.)
final class MyQueue: OperationQueueing {
    typealias Operation = LockQueue.Operation

    static var implementationName: String { "mine" }
    static var implementationSummary: String { "an example queue from outside QueueLab (LockQueue underneath)" }
    /// LockQueue's, but not `.lifetime`: a forwarding wrapper dropped while busy is freed though its
    /// base still runs the work, which `lifetime.pending` reports as a FAIL.
    static var capabilities: QueueCapabilities { LockQueue.capabilities.subtracting(.lifetime) }

    private let base: LockQueue

    init(name: String?) { base = LockQueue(name: name) }

    var name: String? { base.name }
    var maxConcurrentOperationCount: Int {
        get { base.maxConcurrentOperationCount }
        set { base.maxConcurrentOperationCount = newValue }
    }
    var isSuspended: Bool {
        get { base.isSuspended }
        set { base.isSuspended = newValue }
    }
    var operations: [Operation] { base.operations }
    var operationCount: Int { base.operationCount }

    func addOperation(_ operation: Operation) throws(QueueError) { try base.addOperation(operation) }
    func addOperations(_ operations: [Operation], waitUntilFinished: Bool) throws(QueueError) {
        try base.addOperations(operations, waitUntilFinished: waitUntilFinished)
    }
    func addOperation(_ block: @escaping @Sendable () -> Void) throws(QueueError) { try base.addOperation(block) }
    func addBarrierBlock(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        // A queue that traps inside a check, for conform's crash isolation (its tests set it).
        precondition(!trapsOnBarrier, "MyQueue: QUEUELAB_EXAMPLE_TRAP_ON_BARRIER is set")
        try base.addBarrierBlock(block)
    }
    func cancelAllOperations() { base.cancelAllOperations() }
    func waitUntilAllOperationsAreFinished() { base.waitUntilAllOperationsAreFinished() }
    func waitUntilAllOperationsAreFinished(timeout: Duration) -> WaitOutcome {
        base.waitUntilAllOperationsAreFinished(timeout: timeout)
    }
    func setStateObserver(_ observer: (any StateObserver)?) { base.setStateObserver(observer) }
}
