import QueueLabCore

/// Any queue, unchanged, with a ``QueueRecorder`` installed on it, every added operation's
/// dependencies noted, and every suspension, resumption and change of width recorded: the
/// one-line way to record an app's queue (`RecordingQueue(base: myQueue, recorder: recorder)`
/// where the app made `myQueue`). Knows only the protocol, so it wraps QueueLab's queues and
/// Foundation's `OperationQueue` through `FoundationAdapter` alike.
public final class RecordingQueue<Base: OperationQueueing>: OperationQueueing {
    /// The wrapped queue's own operations: recording changes nothing a caller makes or adds.
    public typealias Operation = Base.Operation

    /// `Base`'s name, unchanged by recording.
    public static var implementationName: String { Base.implementationName }
    /// `Base`'s summary.
    public static var implementationSummary: String { Base.implementationSummary }
    /// `Base`'s capabilities, unchanged; while recorded, the queue keeps the recorder's observer
    /// (``setStateObserver(_:)``).
    public static var capabilities: QueueCapabilities { Base.capabilities }
    /// `Base`'s known deviations.
    public static var knownDeviations: [KnownDeviation] { Base.knownDeviations }

    /// The wrapped queue, which does all the work. A change of its width or suspension made on it
    /// directly, not through this queue, is not recorded unless followed by
    /// ``QueueRecorder/queueChanged(_:)``.
    public let base: Base
    /// The recorder installed on ``base``; nil for a queue made by ``init(name:)`` or given none,
    /// which records nothing.
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

    /// The wrapped queue's name.
    public var name: String? { base.name }

    /// The wrapped queue's width; setting it records the change.
    public var maxConcurrentOperationCount: Int {
        get { base.maxConcurrentOperationCount }
        set {
            base.maxConcurrentOperationCount = newValue
            recorder?.queueChanged(base)
        }
    }

    /// Whether the wrapped queue is suspended; setting it records the suspension or resumption.
    public var isSuspended: Bool {
        get { base.isSuspended }
        set {
            base.isSuspended = newValue
            recorder?.queueChanged(base)
        }
    }

    /// The wrapped queue's operations.
    public var operations: [Operation] { base.operations }
    /// The wrapped queue's operation count.
    public var operationCount: Int { base.operationCount }

    /// Notes `operation`'s dependencies for the recorder, then adds it to the wrapped queue.
    public func addOperation(_ operation: Operation) throws(QueueError) {
        recorder?.noteDependencies(of: operation)
        try base.addOperation(operation)
    }

    /// Notes each operation's dependencies for the recorder, then adds them all to the wrapped
    /// queue.
    public func addOperations(_ operations: [Operation], waitUntilFinished: Bool) throws(QueueError) {
        if let recorder { for operation in operations { recorder.noteDependencies(of: operation) } }
        try base.addOperations(operations, waitUntilFinished: waitUntilFinished)
    }

    /// Adds an operation running `block`, which has no dependencies to note, to the wrapped queue.
    public func addOperation(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        try base.addOperation(block)
    }

    /// Adds a barrier block to the wrapped queue.
    public func addBarrierBlock(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        try base.addBarrierBlock(block)
    }

    /// Cancels every operation of the wrapped queue.
    public func cancelAllOperations() { base.cancelAllOperations() }

    /// Waits until the wrapped queue has finished every operation, those added while waiting
    /// included.
    public func waitUntilAllOperationsAreFinished() { base.waitUntilAllOperationsAreFinished() }

    /// Waits at most `timeout` until the wrapped queue has finished every operation.
    public func waitUntilAllOperationsAreFinished(timeout: Duration) -> WaitOutcome {
        base.waitUntilAllOperationsAreFinished(timeout: timeout)
    }

    /// The recorder's observer stays installed while there is a recorder: another would replace it.
    public func setStateObserver(_ observer: (any StateObserver)?) {
        if recorder == nil { base.setStateObserver(observer) }
    }
}
