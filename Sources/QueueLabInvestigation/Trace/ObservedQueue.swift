import QueueLabCore

/// Any queue, unchanged, with a ``TransitionLog`` installed as its observer when a trace is being
/// recorded, and every added operation's dependencies noted in that log. It lets the benchmark
/// workloads, which create their own queues, run traced without knowing it.
///
/// It stamps when each add call is entered and when it returns: the queue's add path (locking,
/// enqueueing, waking a worker) runs on the producer's thread before and after the operation's first
/// transition, and without the stamps `explain` cannot tell it from the producer's own work. Nothing
/// is stamped when no log is installed (the clock is not even read).
final class ObservedQueue<Base: OperationQueueing>: OperationQueueing {
    typealias Operation = Base.Operation

    static var implementationName: String { Base.implementationName }
    static var implementationSummary: String { Base.implementationSummary }
    static var capabilities: QueueCapabilities { Base.capabilities }

    let base: Base
    let log: TransitionLog?
    /// This queue's index in `log` (0 when there is no log).
    let queueIndex: Int32

    /// A queue made by type rather than by a traced run's recipe: observed by whichever trace is
    /// being recorded (``TraceSession``), if any.
    convenience init(name: String?) {
        self.init(observing: Base(name: name), log: TraceSession.current)
    }

    /// `base` (made by a recipe, with its policy) observed by `log`. A traced run hands its own log
    /// here rather than through ``TraceSession``, so that two runs traced at once in one process
    /// (tests run in parallel) never record each other's queues.
    init(observing base: Base, log: TransitionLog?) {
        self.base = base
        self.log = log
        if let log {
            queueIndex = log.registerQueue(name: base.name, width: base.maxConcurrentOperationCount)
            base.setStateObserver(QueueTap(log: log, queue: queueIndex))
        } else {
            queueIndex = 0
        }
    }

    var name: String? { base.name }

    var maxConcurrentOperationCount: Int {
        get { base.maxConcurrentOperationCount }
        set {
            base.maxConcurrentOperationCount = newValue
            log?.noteWidth(base.maxConcurrentOperationCount, queue: queueIndex)
        }
    }

    /// Stamped so that the suspension's interval lies inside the time the queue was suspended:
    /// after a suspend returned, before a resume begins.
    var isSuspended: Bool {
        get { base.isSuspended }
        set {
            guard let log else { return base.isSuspended = newValue }
            if newValue {
                base.isSuspended = true
                log.noteSuspension(true, at: MonotonicClock.now(), queue: queueIndex)
            } else {
                log.noteSuspension(false, at: MonotonicClock.now(), queue: queueIndex)
                base.isSuspended = false
            }
        }
    }

    var operations: [Operation] { base.operations }
    var operationCount: Int { base.operationCount }

    func addOperation(_ operation: Operation) throws(QueueError) {
        guard let log else { return try base.addOperation(operation) }
        log.noteDependencies(of: operation)
        let entered = MonotonicClock.now()
        try base.addOperation(operation)
        log.noteAdded(operation.id, entered: entered, returned: MonotonicClock.now())
    }

    func addOperations(_ operations: [Operation], waitUntilFinished: Bool) throws(QueueError) {
        guard let log else { return try base.addOperations(operations, waitUntilFinished: waitUntilFinished) }
        for operation in operations { log.noteDependencies(of: operation) }
        let entered = MonotonicClock.now()
        try base.addOperations(operations, waitUntilFinished: waitUntilFinished)
        // A waiting batch returns after its operations finished: the call's end is then not the add
        // path's end, so only its entry counts (returned = entered).
        let returned = waitUntilFinished ? entered : MonotonicClock.now()
        log.noteAdded(operations.map(\.id), entered: entered, returned: returned)
    }

    func addOperation(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        try base.addOperation(block)
    }

    func addBarrierBlock(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        try base.addBarrierBlock(block)
    }

    func cancelAllOperations() { base.cancelAllOperations() }

    func waitUntilAllOperationsAreFinished() { base.waitUntilAllOperationsAreFinished() }

    func waitUntilAllOperationsAreFinished(timeout: Duration) -> WaitOutcome {
        base.waitUntilAllOperationsAreFinished(timeout: timeout)
    }

    /// The trace's log stays installed: a caller's observer would replace it.
    func setStateObserver(_ observer: (any StateObserver)?) {
        if log == nil { base.setStateObserver(observer) }
    }
}
