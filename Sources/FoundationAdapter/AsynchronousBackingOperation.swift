import Foundation
import QueueLabCore
import Synchronization

/// A "concurrent" operation: it overrides `start()`, `isAsynchronous`, `isExecuting` and
/// `isFinished`, and tells Foundation about the last two with `didChangeValue(forKey:)`.
///
/// What swift-corelibs-foundation does with these notifications (`Operation.observeValue`):
/// the queue sets its internal state to `.starting` before calling `start()`; `isExecuting`
/// moves it to `.executing`; `isFinished` (when the overridden `isFinished` returns true)
/// releases the dependents, wakes `waitUntilFinished`, dispatches the completion block and calls
/// the queue's `_operationFinished`, which frees the width slot and schedules the next
/// operation. Any thread may send it. After `start()` returns the queue only re-checks
/// `isFinished`, so the slot stays taken until `finish()`.
///
/// `isExecuting` and `isFinished` come from one atomic phase, so they are never true together.
final class AsynchronousBackingOperation: BackingOperation, @unchecked Sendable {
    // @unchecked Sendable: adds an immutable `@Sendable` closure and an atomic to its superclass.
    private enum Phase: UInt8 {
        case idle, executing, finished
    }

    private let body: @Sendable (FoundationOperation) -> Void
    private let phase = Atomic<UInt8>(Phase.idle.rawValue)

    init(priority: QueueLabCore.QueuePriority, body: @escaping @Sendable (FoundationOperation) -> Void) {
        self.body = body
        super.init(priority: priority)
    }

    override var isAsynchronous: Bool { true }
    override var isExecuting: Bool { phase.load(ordering: .acquiring) == Phase.executing.rawValue }
    override var isFinished: Bool { phase.load(ordering: .acquiring) == Phase.finished.rawValue }

    override func start() {
        if isCancelled {
            // Foundation's own `start()` skips `main()` of a cancelled operation and finishes it.
            guard move(from: .idle, to: .finished) else { return }
            willChangeValue(forKey: "isFinished")
            didChangeValue(forKey: "isFinished")
            didFinish()
            return
        }
        // Reported before the phase changes: `finish()` can only succeed once executing, so
        // `finished` can never be claimed before `executing`.
        report(.executing)
        guard move(from: .idle, to: .executing) else { return }
        willChangeValue(forKey: "isExecuting")
        didChangeValue(forKey: "isExecuting")
        guard let owner else { return }
        body(owner)
    }

    /// - Returns: `false` when the operation is not executing (not started, or finished already).
    func finishExecuting() -> Bool {
        guard move(from: .executing, to: .finished) else { return false }
        willChangeValue(forKey: "isExecuting")
        willChangeValue(forKey: "isFinished")
        didChangeValue(forKey: "isExecuting")
        didChangeValue(forKey: "isFinished")
        didFinish()
        return true
    }

    private func move(from old: Phase, to new: Phase) -> Bool {
        phase.compareExchange(expected: old.rawValue, desired: new.rawValue, ordering: .acquiringAndReleasing).exchanged
    }
}
