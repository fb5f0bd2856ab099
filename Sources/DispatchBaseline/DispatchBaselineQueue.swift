import Dispatch
import QueueLabCore
import Synchronization

/// Raw `DispatchQueue.async`, one call per added operation: the floor of what a queue costs on
/// this platform, for the workloads it can express. Not a real operation queue.
///
/// What it does and does not do:
/// - **Width:** -1 (the default) makes each add one `DispatchQueue.global().async`. A width `n`
///   of 1 or more makes it one `async` onto `n` serial dispatch queues of its own, in turn
///   (``LaneSet``): never more than `n` at once, `n` in a row start together, but an operation
///   waits behind its lane even when another lane is idle. An asynchronous operation keeps its
///   lane until `finish()` (the lane is suspended meanwhile). A change applies to operations
///   added afterwards. The setter ignores 0 and values below -1 (it cannot throw).
/// - **Cancellation:** an operation cancelled before its block runs skips its body, finishes and
///   runs its completion handler once. `cancelAllOperations` raises a queue-wide epoch that every
///   operation added earlier and not yet finished reads as cancelled.
/// - **Unsupported:** dependencies (`addDependency` throws), barriers (`addBarrierBlock` throws),
///   priorities (stored, ignored), suspension (the setter is a no-op, the getter is false),
///   state observation (`setStateObserver` is a no-op), and the list of operations (not tracked:
///   ``operations`` is empty, ``operationCount`` is exact).
/// - The completion handler runs inline, on the thread that finished the operation.
public final class DispatchBaselineQueue: OperationQueueing, @unchecked Sendable {
    // @unchecked Sendable: every stored property is immutable, atomic or a thread-safe Dispatch object.
    /// The operations this queue runs: a body and a priority, nothing of the contract's graph.
    public typealias Operation = DispatchBaselineOperation

    public static let implementationName = "dispatch"
    public static let implementationSummary =
        "raw DispatchQueue.async per operation: the floor a queue costs here (no dependencies, priorities, barriers)"
    public static let capabilities: QueueCapabilities = [.asynchronousOperations, .cancellation, .width]

    public let name: String?
    let cancelEpoch = Atomic<UInt64>(0)
    private let group = DispatchGroup()
    private let unfinished = Atomic<Int>(0)
    /// Lets the default width take the global queue with one load, without the guard.
    private let hasLanes = Atomic<Bool>(false)
    private let laneGuard = SpinGuard()
    // Read and written only inside `laneGuard`.
    nonisolated(unsafe) private var lanes: LaneSet?

    public init(name: String? = nil) {
        self.name = name
    }

    /// -1 (the global queue) or a number of serial lanes; 0 and values below -1 are ignored.
    public var maxConcurrentOperationCount: Int {
        get { currentLanes()?.width ?? defaultMaxConcurrentOperationCount }
        set {
            guard newValue >= 1 || newValue == defaultMaxConcurrentOperationCount else { return }
            let label = name ?? "DispatchBaselineQueue"
            laneGuard.withLock {
                if newValue == defaultMaxConcurrentOperationCount {
                    lanes = nil
                } else if lanes?.width != newValue {
                    lanes = LaneSet(count: newValue, label: label)
                }
                hasLanes.store(lanes != nil, ordering: .releasing)
            }
        }
    }

    private func currentLanes() -> LaneSet? {
        guard hasLanes.load(ordering: .acquiring) else { return nil }
        return laneGuard.withLock { lanes }
    }

    /// Always false: a global Dispatch queue cannot be suspended; setting it does nothing.
    public var isSuspended: Bool {
        get { false }
        set {}
    }

    /// Always empty: tracking the operations would cost a lock per operation, which the floor
    /// leaves out.
    public var operations: [DispatchBaselineOperation] { [] }

    /// Added and not yet finished.
    public var operationCount: Int { unfinished.load(ordering: .relaxed) }

    /// - Throws: ``QueueError/alreadyEnqueued(_:)``, ``QueueError/alreadyStarted(_:)`` or
    ///   ``QueueError/alreadyFinished(_:)`` for an operation added before.
    public func addOperation(_ operation: DispatchBaselineOperation) throws(QueueError) {
        try operation.claim()
        submit(operation)
    }

    /// Validates every operation first, adds none when one is refused; waits when asked.
    public func addOperations(_ operations: [DispatchBaselineOperation], waitUntilFinished: Bool) throws(QueueError) {
        for (index, operation) in operations.enumerated() {
            do {
                try operation.claim()
            } catch {
                for taken in operations[..<index] {
                    taken.unclaim()
                }
                throw error
            }
        }
        for operation in operations {
            submit(operation)
        }
        if waitUntilFinished {
            for operation in operations {
                operation.waitUntilFinished()
            }
        }
    }

    public func addOperation(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        try addOperation(DispatchBaselineOperation(name: nil, priority: .normal, body: .synchronous { _ in block() }))
    }

    /// - Throws: ``QueueError/unsupported(_:)``: global Dispatch queues ignore the barrier flag.
    public func addBarrierBlock(_ block: @escaping @Sendable () -> Void) throws(QueueError) {
        throw .unsupported("barriers")
    }

    private func submit(_ operation: DispatchBaselineOperation) {
        unfinished.add(1, ordering: .relaxed)
        group.enter()
        let lane = currentLanes()?.next()
        operation.host(in: self, epoch: cancelEpoch.load(ordering: .acquiring), lane: lane)
        (lane ?? DispatchQueue.global()).async { operation.run() }
    }

    func operationFinished() {
        unfinished.subtract(1, ordering: .relaxed)
        group.leave()
    }

    /// Every operation added before the call and not finished reads as cancelled from now on.
    public func cancelAllOperations() {
        cancelEpoch.add(1, ordering: .releasing)
    }

    public func waitUntilAllOperationsAreFinished() {
        group.wait()
    }

    /// On time-out the report has no entries (operations are not tracked); it names the queue.
    public func waitUntilAllOperationsAreFinished(timeout: Duration) -> WaitOutcome {
        let nanoseconds = min(timeout.nanoseconds, UInt64(Int.max))
        if group.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .success {
            return .finished
        }
        return .timedOut(StallReport(queueName: name, isSuspended: false, entries: []))
    }

    /// A no-op: the baseline reports no transitions (``QueueCapabilities/stateObservation`` is absent).
    public func setStateObserver(_ observer: (any StateObserver)?) {}
}
