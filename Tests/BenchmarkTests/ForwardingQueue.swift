import QueueLabCore

/// A test's wrapper around a real queue that hands every call to `base`: the wrapper declares only
/// what it changes (a slow add, a queue that never resumes), and the protocol's dozen requirements are
/// forwarded here once.
protocol ForwardingQueue: OperationQueueing where Operation == Base.Operation {
    associatedtype Base: OperationQueueing
    var base: Base { get }
}

extension ForwardingQueue {
    static var implementationName: String { Base.implementationName }
    static var implementationSummary: String { Base.implementationSummary }
    static var capabilities: QueueCapabilities { Base.capabilities }

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
        try base.addBarrierBlock(block)
    }
    func cancelAllOperations() { base.cancelAllOperations() }
    func waitUntilAllOperationsAreFinished() { base.waitUntilAllOperationsAreFinished() }
    func waitUntilAllOperationsAreFinished(timeout: Duration) -> WaitOutcome {
        base.waitUntilAllOperationsAreFinished(timeout: timeout)
    }
    func setStateObserver(_ observer: (any StateObserver)?) { base.setStateObserver(observer) }
}
