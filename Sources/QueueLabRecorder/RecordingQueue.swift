import QueueLabCore

/// Any queue, unchanged, with a ``QueueRecorder`` installed on it, every added operation's
/// dependencies noted, and every suspension, resumption and change of width recorded: the
/// one-line way to record an app's queue (`RecordingQueue(base: myQueue, recorder: recorder)`
/// where the app made `myQueue`). Knows only the protocol, so it wraps QueueLab's queues and
/// Foundation's `OperationQueue` through `FoundationAdapter` alike.
public final class RecordingQueue<Base: OperationQueueing>: OperationQueueing {
    /// The wrapped queue's own operations: recording changes nothing a caller makes or adds.
    public typealias Operation = Base.Operation

    public static var implementationName: String { Base.implementationName }
    public static var implementationSummary: String { Base.implementationSummary }
    public static var capabilities: QueueCapabilities { Base.capabilities }
    public static var knownDeviations: [KnownDeviation] { Base.knownDeviations }

    public let base: Base
    public let recorder: QueueRecorder?

    /// A queue of `Base`, not recorded (what `init(name:)` of the protocol asks for).
    public convenience init(name: String?) {
        self.init(base: Base(name: name), recorder: nil)
    }

    /// `base`, recorded by `recorder` from now on.
    public init(base: Base, recorder: QueueRecorder?) {
        self.base = base
        self.recorder = recorder
        recorder?.install(on: base)
    }

    public var name: String? { base.name }

    public var maxConcurrentOperationCount: Int {
        get { base.maxConcurrentOperationCount }
        set {
            base.maxConcurrentOperationCount = newValue
            recorder?.queueChanged(base)
        }
    }

    public var isSuspended: Bool {
        get { base.isSuspended }
        set {
            base.isSuspended = newValue
            recorder?.queueChanged(base)
        }
    }

    public var operations: [Operation] { base.operations }
    public var operationCount: Int { base.operationCount }

    public func addOperation(_ operation: Operation) throws(QueueError) {
        recorder?.noteDependencies(of: operation)
        try base.addOperation(operation)
    }

    public func addOperations(_ operations: [Operation], waitUntilFinished: Bool) throws(QueueError) {
        if let recorder { for operation in operations { recorder.noteDependencies(of: operation) } }
        try base.addOperations(operations, waitUntilFinished: waitUntilFinished)
    }

    public func addOperation(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        try base.addOperation(block)
    }

    public func addBarrierBlock(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        try base.addBarrierBlock(block)
    }

    public func cancelAllOperations() { base.cancelAllOperations() }

    public func waitUntilAllOperationsAreFinished() { base.waitUntilAllOperationsAreFinished() }

    public func waitUntilAllOperationsAreFinished(timeout: Duration) -> WaitOutcome {
        base.waitUntilAllOperationsAreFinished(timeout: timeout)
    }

    /// The recorder's observer stays installed while there is a recorder: another would replace it.
    public func setStateObserver(_ observer: (any StateObserver)?) {
        if recorder == nil { base.setStateObserver(observer) }
    }
}
