import QueueLabCore

/// A test's wrapper around a real queue that hands every call to `base`: the wrapper declares only
/// what it changes (a slow add, a queue that never resumes), and the protocol's dozen requirements are
/// forwarded here once.
package protocol ForwardingQueue: OperationQueueing where Operation == Base.Operation {
    associatedtype Base: OperationQueueing
    var base: Base { get }
}

extension ForwardingQueue {
    package static var implementationName: String { Base.implementationName }
    package static var implementationSummary: String { Base.implementationSummary }
    package static var capabilities: QueueCapabilities { Base.capabilities }

    package var name: String? { base.name }
    package var maxConcurrentOperationCount: Int {
        get { base.maxConcurrentOperationCount }
        set { base.maxConcurrentOperationCount = newValue }
    }
    package var isSuspended: Bool {
        get { base.isSuspended }
        set { base.isSuspended = newValue }
    }
    package var operations: [Operation] { base.operations }
    package var operationCount: Int { base.operationCount }

    package func addOperation(_ operation: Operation) throws(QueueError) { try base.addOperation(operation) }
    package func addOperations(_ operations: [Operation], waitUntilFinished: Bool) throws(QueueError) {
        try base.addOperations(operations, waitUntilFinished: waitUntilFinished)
    }
    package func addOperation(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        try base.addOperation(block)
    }
    package func addBarrierBlock(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        try base.addBarrierBlock(block)
    }
    package func cancelAllOperations() { base.cancelAllOperations() }
    package func waitUntilAllOperationsAreFinished() { base.waitUntilAllOperationsAreFinished() }
    package func waitUntilAllOperationsAreFinished(timeout: Duration) -> WaitOutcome {
        base.waitUntilAllOperationsAreFinished(timeout: timeout)
    }
    package func setStateObserver(_ observer: (any StateObserver)?) { base.setStateObserver(observer) }
}
