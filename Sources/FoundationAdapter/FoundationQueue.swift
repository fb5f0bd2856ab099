import Foundation
import QueueLabCore
import Synchronization

/// Foundation's `OperationQueue` (swift-corelibs-foundation on Linux) behind the QueueLab protocol:
/// the reference the other queues are compared with, quirks included.
///
/// Nothing is reimplemented: scheduling, order, priorities, width, suspension, barriers, cycles
/// (their members never run) and completion blocks (run on another thread, maybe after
/// `waitUntilFinished` returned) are Foundation's. The adapter adds only:
/// - errors instead of Foundation's crashes and hangs (adding an operation twice or after it
///   finished, a self-dependency, `finish()` misuse, a negative width, a cancelled operation
///   while a barrier is pending);
/// - two changes that keep Foundation's memory-safety bugs from crashing the process: an
///   operation keeps its dependents alive until it finished (Foundation holds them unretained),
///   and ``cancelAllOperations()`` does not cancel barriers;
/// - bounded waits, with a `StallReport` of what is unfinished;
/// - a `StateObserver` trace (see ``setStateObserver(_:)`` for how precise it is).
public final class FoundationQueue: OperationQueueing, @unchecked Sendable {
    // @unchecked Sendable: `observer` is read and written only with `observerLock` held; the
    // Foundation queue is thread-safe; the rest is immutable or atomic.
    /// The operations this queue runs: each wraps a `Foundation.Operation` of its own.
    public typealias Operation = FoundationOperation

    public static let implementationName = "foundation"
    public static let implementationSummary =
        "Foundation's OperationQueue (swift-corelibs-foundation), wrapped: the reference, quirks included"
    /// Everything NSOperationQueue offers, plus errors for misuse. Cycles are not rejected.
    public static let capabilities: QueueCapabilities = [.operationQueue, .misuseErrors]

    public let name: String?
    let queue = OperationQueue()
    /// The dispatch queue Foundation runs the operations on: the same kind Foundation would make
    /// itself (concurrent, named after the queue), set as `underlyingQueue` so that the adapter
    /// can submit work behind a barrier (see ``BarrierTicket``). Foundation keeps it `unowned`.
    let dispatchQueue: DispatchQueue
    let tracker = CompletionTracker()
    let barriers = BarrierLedger()
    private let observerLock = NSLock()
    private var observer: (any StateObserver)?
    private let hasObserver = Atomic<Bool>(false)

    public init(name: String? = nil) {
        self.name = name
        dispatchQueue = DispatchQueue(label: name ?? "FoundationQueue", attributes: .concurrent)
        if let name {
            queue.name = name
        }
        queue.underlyingQueue = dispatchQueue
        tracker.owner = self
    }

    /// Foundation's width. Foundation traps on a negative value other than -1; such a value is
    /// ignored here (a setter cannot throw), leaving the width unchanged.
    public var maxConcurrentOperationCount: Int {
        get { queue.maxConcurrentOperationCount }
        set {
            guard newValue >= defaultMaxConcurrentOperationCount else { return }
            queue.maxConcurrentOperationCount = newValue
        }
    }

    public var isSuspended: Bool {
        get { queue.isSuspended }
        set { queue.isSuspended = newValue }
    }

    /// Foundation's unfinished operations (barriers excluded), in the order added.
    public var operations: [FoundationOperation] {
        queue.operations.compactMap { ($0 as? BackingOperation)?.owner }
    }

    public var operationCount: Int { queue.operationCount }

    // MARK: Observation

    /// Operations added from now on report to `observer` (each keeps the observer installed when
    /// it was added). What is reported, and how precisely:
    /// - at add: `pending` when a dependency is unfinished, else `ready` (plus `cancelled` for an
    ///   operation cancelled before it was added). A dependency Foundation adds itself on a
    ///   pending barrier is not visible: such an operation is reported `ready` at add;
    /// - `ready` when Foundation re-tests readiness and finds it (a dependency finished, the
    ///   operation was cancelled, a dependency was removed); if that edge went unseen, `ready`
    ///   is reported just before `executing` or `finished`;
    /// - `executing` just before the body starts; `finished` after Foundation marked the
    ///   operation finished: when the thread that finished it gets control back, or earlier,
    ///   just before a dependent that Foundation released reports `ready` or `executing`;
    /// - `cancelled` when `cancel()` first reaches an unfinished operation, just before Foundation
    ///   sets the flag.
    /// Each operation's transitions arrive in forward order; when two threads report for the same
    /// operation at once, the second hands its transition to the first, which delivers it.
    public func setStateObserver(_ observer: (any StateObserver)?) {
        observerLock.lock()
        self.observer = observer
        hasObserver.store(observer != nil, ordering: .releasing)
        observerLock.unlock()
    }

    /// The observer operations added now report to: one load and a branch when there is none.
    var installedObserver: (any StateObserver)? {
        guard hasObserver.load(ordering: .acquiring) else { return nil }
        observerLock.lock()
        defer { observerLock.unlock() }
        return observer
    }
}
