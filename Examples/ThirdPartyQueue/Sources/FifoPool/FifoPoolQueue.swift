import Foundation
import QueueLabCore

/// A small operation queue written against QueueLab's protocol alone: one lock (``PoolLock``), a FIFO
/// of ready operations, a count of unfinished dependencies per operation, and at most
/// `maxConcurrentOperationCount` workers borrowed from Dispatch's global pool.
///
/// Ready operations start in the order they became ready, whatever their priority: it declares no
/// `.priorities`, no barriers and no cycle rejection, so those checks are UNSUPPORTED, not FAIL.
///
/// Every stored `var` is read and written only under ``PoolLock``; that is what makes the
/// `@unchecked Sendable` sound.
public final class FifoPoolQueue: OperationQueueing, @unchecked Sendable {
    public typealias Operation = FifoPoolOperation

    public static var implementationName: String { "fifo-pool" }
    public static var implementationSummary: String {
        "an example queue from outside QueueLab: one lock, a FIFO of ready operations, Dispatch workers"
    }
    public static var capabilities: QueueCapabilities {
        [
            .asynchronousOperations, .dependencies, .crossQueueDependencies, .width, .suspension, .cancellation,
            .stateObservation, .misuseErrors, .lifetime,
        ]
    }

    /// The width of `maxConcurrentOperationCount = -1`: one worker per core.
    static let defaultWidth = max(1, ProcessInfo.processInfo.activeProcessorCount)

    public let name: String?

    // Guarded by PoolLock.
    var width = defaultMaxConcurrentOperationCount
    var suspended = false
    var ready = ReadyFIFO()
    var members = MemberList()
    /// Operations started and not finished: what the width bounds.
    var executing = 0
    /// Workers started that have not taken an operation yet (or are back for another).
    var searching = 0
    /// Threads in `waitUntilAllOperationsAreFinished`: emptying the queue wakes sleepers only then.
    var waiters = 0
    var observer: (any StateObserver)?

    public init(name: String?) { self.name = name }

    public var maxConcurrentOperationCount: Int {
        get { PoolLock.withLock { width } }
        set { changeScheduling { $0.width = newValue } }
    }

    public var isSuspended: Bool {
        get { PoolLock.withLock { suspended } }
        set { changeScheduling { $0.suspended = newValue } }
    }

    public var operations: [FifoPoolOperation] { PoolLock.withLock { members.snapshot } }
    public var operationCount: Int { PoolLock.withLock { members.count } }

    public func setStateObserver(_ observer: (any StateObserver)?) { PoolLock.withLock { self.observer = observer } }

    public func cancelAllOperations() {
        for operation in operations { operation.cancel() }
    }

    /// Applies a change of width or suspension, then starts the workers it allows.
    private func changeScheduling(_ change: (FifoPoolQueue) -> Void) {
        let aftermath = PoolLock.withLock {
            change(self)
            var aftermath = Aftermath()
            aftermath.startWorkers(workersWantedLocked(), for: self)
            return aftermath
        }
        aftermath.perform()
    }
}
