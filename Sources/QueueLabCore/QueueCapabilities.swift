/// What an implementation declares it can do. A conformance check that needs a missing
/// capability reports UNSUPPORTED instead of FAIL.
public struct QueueCapabilities: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Operations with an ``OperationBody/asynchronous(_:)`` body run, and stay executing, holding
    /// their width slot, until ``QueueOperation/finish()``.
    public static let asynchronousOperations = QueueCapabilities(rawValue: 1 << 0)
    /// An operation starts only after the operations it depends on
    /// (``QueueOperation/addDependency(_:)``) in the same queue finished.
    public static let dependencies = QueueCapabilities(rawValue: 1 << 1)
    /// Dependencies also hold between operations of different queues of the implementation.
    public static let crossQueueDependencies = QueueCapabilities(rawValue: 1 << 2)
    /// Among ready operations, the highest ``QueueOperation/queuePriority`` starts first.
    public static let priorities = QueueCapabilities(rawValue: 1 << 3)
    /// Executing operations never exceed ``OperationQueueing/maxConcurrentOperationCount``.
    public static let width = QueueCapabilities(rawValue: 1 << 4)
    /// No operation starts while ``OperationQueueing/isSuspended`` is true.
    public static let suspension = QueueCapabilities(rawValue: 1 << 5)
    /// ``OperationQueueing/addBarrierBlock(_:)`` runs its block after every operation added before it
    /// and before every operation added after it.
    public static let barriers = QueueCapabilities(rawValue: 1 << 6)
    /// ``QueueOperation/cancel()`` and ``OperationQueueing/cancelAllOperations()`` take effect: a
    /// cancelled operation that has not started finishes without running its body.
    public static let cancellation = QueueCapabilities(rawValue: 1 << 7)
    /// Transitions are reported to a ``StateObserver``.
    public static let stateObservation = QueueCapabilities(rawValue: 1 << 8)
    /// A dependency cycle is rejected with ``QueueError/dependencyCycle(members:)``.
    public static let cycleRejection = QueueCapabilities(rawValue: 1 << 9)
    /// Misuse (adding twice, adding a finished operation) throws instead of crashing.
    public static let misuseErrors = QueueCapabilities(rawValue: 1 << 10)
    /// A queue with unfinished operations stays alive until they finished, even when its caller
    /// dropped it; once they finished, nothing the caller keeps (its operations) keeps the queue
    /// alive: a dropped idle queue is freed. Foundation's `OperationQueue` behaves so.
    public static let lifetime = QueueCapabilities(rawValue: 1 << 11)

    /// Everything NSOperationQueue offers, without QueueLab's extras.
    public static let operationQueue: QueueCapabilities = [
        .asynchronousOperations, .dependencies, .crossQueueDependencies, .priorities, .width, .suspension,
        .barriers, .cancellation, .stateObservation, .lifetime,
    ]
    /// Everything QueueLab's own queues offer: ``operationQueue`` plus ``cycleRejection`` and
    /// ``misuseErrors``.
    public static let all: QueueCapabilities = [.operationQueue, .cycleRejection, .misuseErrors]

    private static let names: [(QueueCapabilities, String)] = [
        (.asynchronousOperations, "async"), (.dependencies, "dependencies"),
        (.crossQueueDependencies, "cross-queue"), (.priorities, "priorities"), (.width, "width"),
        (.suspension, "suspension"), (.barriers, "barriers"), (.cancellation, "cancellation"),
        (.stateObservation, "observation"), (.cycleRejection, "cycle-rejection"), (.misuseErrors, "misuse-errors"),
        (.lifetime, "lifetime"),
    ]

    public var description: String {
        Self.names.filter { contains($0.0) }.map(\.1).joined(separator: ",")
    }
}
