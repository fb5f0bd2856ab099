import Foundation
import QueueLabCore
import Synchronization

/// The `Foundation.Operation` that a ``FoundationOperation`` puts in Foundation's queue: Foundation
/// schedules it exactly as it would any operation of an app; the subclasses only run the QueueLab
/// body and report what Foundation did (to the observer, the bounded waits and the wrapper).
///
/// Foundation on Linux has no KVO: an operation tells its queue about `isReady`, `isExecuting` and
/// `isFinished` through `didChangeValue(forKey:)`, which calls the queue's observation directly
/// (swift-corelibs-foundation, `Operation.observeValue(forKeyPath:ofObject:)`).
class BackingOperation: Foundation.Operation, @unchecked Sendable {
    // @unchecked Sendable: `owner` is written once, in the owner's initializer, before this object
    // is visible to any other thread, and only read afterwards. `relay` is written once, before
    // `isObserved` is set with release ordering, and read only after an acquiring load of
    // `isObserved` returned true. Every other stored property is immutable or atomic.

    /// The wrapper. Weak so that an operation never added to a queue is freed with its wrapper;
    /// while enqueued the wrapper keeps itself alive (see ``FoundationOperation/enroll(in:observer:)``).
    nonisolated(unsafe) weak var owner: FoundationOperation?
    nonisolated(unsafe) private var relay: OperationTransitionRelay?
    private let isObserved = Atomic<Bool>(false)
    /// The QueueLab priority, kept here so that transitions made on Foundation's threads can name
    /// it without reading Foundation's unsynchronised `__priorityValue`.
    let priorityValue: Atomic<Int>

    init(priority: QueueLabCore.QueuePriority) {
        priorityValue = Atomic(priority.rawValue)
        super.init()
        queuePriority = Foundation.Operation.QueuePriority(priority)
    }

    var priority: QueueLabCore.QueuePriority {
        QueueLabCore.QueuePriority(rawValue: priorityValue.load(ordering: .relaxed)) ?? .normal
    }

    /// Foundation's own readiness: no unfinished dependency (or cancelled). Does not report.
    var foundationIsReady: Bool { super.isReady }

    // MARK: Observation

    func attach(_ relay: OperationTransitionRelay) {
        self.relay = relay
        isObserved.store(true, ordering: .releasing)
    }

    /// Reports a transition when an observer was installed at add time: one load and a branch otherwise.
    ///
    /// Foundation releases dependents before the thread that finished a dependency gets control
    /// back, so before `ready` or `executing` the dependencies that Foundation already marked
    /// finished are reported finished: a trace never shows a dependent starting before its
    /// dependency finished.
    @inline(__always)
    func report(_ state: OperationState) {
        guard isObserved.load(ordering: .acquiring), let relay else { return }
        if state == .ready || state == .executing {
            guard !relay.hasReached(state) else { return }
            owner?.reportFinishedDependencies()
        }
        relay.advance(to: state, priority: priority)
    }

    /// Foundation asks every time readiness may have changed: when added, when a dependency
    /// finished, when one is added or removed, when the operation is cancelled, and in `_schedule`
    /// passes that re-test a stale cached answer. None of these calls holds a Foundation lock
    /// once the operation sits in the queue (the one call under the queue lock is made while the
    /// operation is being added, when its add transition was already claimed and a ready answer
    /// is dropped as not forward). Reporting here is as precise as this adapter can observe
    /// the pending-to-ready edge without changing Foundation.
    override var isReady: Bool {
        let ready = super.isReady
        if ready {
            report(.ready)
        }
        return ready
    }

    /// Claims `cancelled` before Foundation sets the flag, so that it precedes the `ready` and
    /// `finished` the cancellation causes. Foundation ignores `cancel()` on a finished operation.
    override func cancel() {
        if isObserved.load(ordering: .acquiring), let relay, !isFinished {
            relay.recordCancellation(priority: priority)
        }
        super.cancel()
    }

    /// Everything that follows Foundation marking the operation finished: the observer, the
    /// bounded waits, the wrapper's self-retain. Called exactly once per enqueued operation.
    func didFinish() {
        report(.finished)
        owner?.didFinish()
    }

    /// The add transition, claimed before Foundation sees the operation so that it precedes
    /// every transition Foundation causes.
    func reportAdded() {
        report(foundationIsReady ? .ready : .pending)
        if isCancelled, isObserved.load(ordering: .acquiring), let relay {
            relay.recordCancellation(priority: priority)
        }
    }
}

extension Foundation.Operation.QueuePriority {
    init(_ priority: QueueLabCore.QueuePriority) {
        switch priority {
        case .veryLow: self = .veryLow
        case .low: self = .low
        case .normal: self = .normal
        case .high: self = .high
        case .veryHigh: self = .veryHigh
        }
    }
}

extension QueueLabCore.QueuePriority {
    init(_ priority: Foundation.Operation.QueuePriority) {
        switch priority {
        case .veryLow: self = .veryLow
        case .low: self = .low
        case .normal: self = .normal
        case .high: self = .high
        case .veryHigh: self = .veryHigh
        @unknown default: self = .normal
        }
    }
}
