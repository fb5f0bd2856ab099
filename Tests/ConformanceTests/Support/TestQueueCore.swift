import Foundation
import QueueLabCore

/// How long a test queue's worker with nothing to start stays before it ends.
private let testWorkerIdleLifetime: Duration = .milliseconds(200)

/// The state of one test queue and its workers. Kept apart from ``TestQueue`` so that workers do
/// not keep the queue alive: when the queue goes, they stop (leftover operations are leaked).
final class TestQueueCore<F: QueueFlavor>: @unchecked Sendable {
    // @unchecked Sendable: every mutable field is only touched while the scheduler lock is held.
    let name: String?
    var width = -1
    var suspended = false
    var ops: [TestOperation<F>] = []
    var observer: (any StateObserver)?
    /// The queue while it has operations: what keeps a busy queue alive when its caller dropped it.
    var queueWhileBusy: AnyObject?
    private var executing = 0
    private var workers = 0
    private var nextSequence = 0
    private var isShutDown = false
    /// Not-started operations per priority level (barriers aside): the ring mutant's fill, and
    /// the highest level waiting, which lets `pick` stop at the first ready operation of it.
    var waitingPerLevel = [Int](repeating: 0, count: 5)
    /// Whether any operation here ever had a dependency: without one, readiness never changes
    /// and the scan of `refreshReadiness` is skipped (thousands of operations in the FIFO checks).
    var hasDependencies = false
    /// Barriers added and not yet finished: without one, what an operation waits for is its
    /// dependencies alone, and a cycle search never looks at the queue's order.
    var barriersQueued = 0
    /// `ignoresLoweredWidthWhileBusy`: the width new starts still obey after it was lowered while
    /// operations executed, until nothing executes.
    private var heldWidth: Int?
    /// `syncFinishWaitsForResume`: operations whose synchronous body returned while the queue was
    /// suspended, finished when it resumes.
    private var finishesOnResume: [TestOperation<F>] = []

    private var scheduler: TestScheduler { .shared }

    init(name: String?) { self.name = name }

    /// Whether any worker thread lives (`resumeForgetsIdleQueue`). Lock held.
    var hasWorkersLocked: Bool { workers > 0 }

    private var baseWidth: Int {
        let base = width > 0 ? width : (F.mutation == .serialAtDefaultWidth ? 1 : 4)
        return F.mutation == .exceedsWidth ? base + 1 : base
    }

    private var effectiveWidth: Int { heldWidth ?? baseWidth }

    /// The operations executing (holding a slot). Lock held.
    var executingLocked: Int { executing }

    /// Sets the width; returns true when the mutant misses the wake-up it calls for. Lock held.
    func setWidthLocked(_ newValue: Int) -> Bool {
        let old = effectiveWidth
        width = newValue
        switch F.mutation {
        case .ignoresLoweredWidthWhileBusy:
            if executing > 0 && baseWidth < old {
                heldWidth = old
            } else if let held = heldWidth, baseWidth >= held {
                heldWidth = nil
            }
            return false
        case .widthRaiseIgnoredWhileBusy:
            guard executing > 0 && effectiveWidth > old else { return false }
            overlookWaitingLocked()
            return true
        default:
            return false
        }
    }

    /// Leaves every operation that has not started out of the pick until the next wake-up
    /// (``Mutation/forgetsWakeups``). Lock held.
    func overlookWaitingLocked() {
        for op in ops where !op.started { op.unnoticed = true }
    }

    /// Whether the oldest operation that has not started waits on a dependency
    /// (`resumeLooksAtOldestOnly`). Lock held.
    var oldestWaitingIsPendingLocked: Bool {
        guard let oldest = ops.first(where: { !$0.started }) else { return false }
        return !oldest.isBarrier && !oldest.isReadyLocked
    }

    /// Whether a ready operation waits for a slot of this running queue
    /// (`asyncFinishedWhenSlotContended`). Lock held.
    var hasReadyWorkWaitingForSlotLocked: Bool {
        !suspended && executing >= effectiveWidth
            && ops.contains { !$0.started && !$0.isBarrier && !$0.unnoticed && $0.isReadyLocked }
    }

    /// `syncFinishWaitsForResume`: keeps the operation executing while the queue is suspended;
    /// returns whether it did.
    private func holdsFinishWhileSuspended(_ op: TestOperation<F>) -> Bool {
        scheduler.condition.lock()
        defer { scheduler.condition.unlock() }
        guard suspended else { return false }
        finishesOnResume.append(op)
        return true
    }

    /// The operations to finish now that the queue resumed (`syncFinishWaitsForResume`). Lock held.
    func takeFinishesOnResumeLocked() -> [TestOperation<F>] {
        defer { finishesOnResume = [] }
        return finishesOnResume
    }

    /// Lock held.
    func enqueueLocked(_ op: TestOperation<F>, of queue: AnyObject) {
        // `freedWhileOnlyPendingLeft` let go of the queue while it still held operations.
        let holdsItself = ops.isEmpty || (F.mutation == .freedWhileOnlyPendingLeft && queueWhileBusy == nil)
        if holdsItself && F.mutation != .freedUnderWork { queueWhileBusy = queue }
        if F.mutation == .keepsQueueAlive { op.leakedQueue = queue }
        op.enqueued = true
        op.core = self
        op.observer = observer
        op.sequence = nextSequence
        nextSequence += 1
        if F.mutation == .fifoBreaksPastCapacity && !op.isBarrier {
            // A fixed ring per level; what does not fit goes to an overflow stack, newest first.
            op.overflowed = waitingPerLevel[op.priority.level] >= F.levelRingCapacity
        }
        if op.isBarrier { barriersQueued += 1 } else { waitingPerLevel[op.priority.level] += 1 }
        if !op.dependencyList.isEmpty { hasDependencies = true }
        if F.mutation == .barrierWaitsOnlyForExecuting && op.isBarrier {
            op.barrierAwaits = ops.filter { $0.started }
        }
        ops.append(op)
        op.stateStorage = op.isReadyLocked ? .ready : .pending
        if F.mutation == .reportsPendingForFinishedEdges && op.stateStorage == .ready && !op.dependencyList.isEmpty
            && !op.cancelled
        {
            scheduler.post(op, .pending)  // as if its finished dependencies were still to be checked
        }
        scheduler.post(op, op.stateStorage == .ready ? .ready : .pending)
    }

    /// Wakes the workers (spawning up to the width) and delivers pending transitions.
    func wake() {
        scheduler.condition.lock()
        if F.mutation.forgetsWakeups {
            for op in ops { op.unnoticed = false }
        }
        // Whatever woke the queue (a dependency finishing, a cancel, an edge removed) may have
        // changed readiness: the state reads it at once, as Foundation's `isReady` does, not only
        // when a worker next looks for work (a held body may keep every worker busy meanwhile).
        refreshReadiness()
        var spawn = 0
        while workers < min(effectiveWidth, 16) && !isShutDown {
            workers += 1
            spawn += 1
        }
        scheduler.condition.broadcast()
        scheduler.condition.unlock()
        for _ in 0..<spawn {
            let thread = Thread { [self] in work() }
            thread.name = "testqueue.\(name ?? "")"
            thread.start()
        }
        scheduler.deliver()
    }

    func shutDown() {
        scheduler.condition.lock()
        isShutDown = true
        scheduler.condition.broadcast()
        scheduler.condition.unlock()
    }

    private func work() {
        scheduler.condition.lock()
        var idleSince: ContinuousClock.Instant?
        while !isShutDown {
            refreshReadiness()
            guard let op = pick() else {
                scheduler.condition.unlock()
                scheduler.deliver()
                scheduler.condition.lock()
                if isShutDown || pick() != nil { continue }
                // A worker with nothing to start ends after a while of that, however often the
                // condition (shared by every test queue of the process) wakes it: otherwise the
                // workers of queues left with operations that can never start (a STALE check's,
                // a cycle's) pile up by the hundred and every broadcast wakes them all. Whatever
                // can make an operation startable wakes its queue, which starts workers again: an
                // add, a resume, a width, a cancel, a removed dependency, a finish in this queue
                // or of a dependency in another.
                let now = ContinuousClock.now
                let since = idleSince ?? now
                idleSince = since
                if now - since >= testWorkerIdleLifetime { break }
                _ = scheduler.condition.wait(until: Date(timeIntervalSinceNow: 0.2))
                continue
            }
            idleSince = nil
            op.started = true
            if !op.isBarrier { waitingPerLevel[op.priority.level] -= 1 }
            op.runningThread = ThreadIdentity.current()
            op.cancelledAtStart = op.cancelled
            executing += 1
            let skip = op.cancelled && !op.cancelIgnoredAtStart && F.mutation != .runsCancelled
            let times =
                F.mutation == .runsBodyTwice || (F.mutation == .runsBodyTwiceAfterRelist && op.relistedWhileReady)
                ? 2 : 1
            if !skip {
                op.stateStorage = .executing
                scheduler.post(op, .executing)
                // A state changed: other workers re-evaluate (the early-start mutant relies on it).
                scheduler.condition.broadcast()
            }
            // The early-start mutant takes a started dependency for a finished one.
            let queuesToWake =
                F.mutation == .startsBeforeDependencyFinishes && !skip ? op.dependentQueuesLocked : []
            scheduler.condition.unlock()
            for queue in queuesToWake where queue !== self { queue.wake() }
            scheduler.deliver()
            if skip {
                finish(op)
            } else {
                run(op, times: times)
            }
            scheduler.condition.lock()
        }
        workers -= 1
        scheduler.condition.unlock()
    }

    private func run(_ op: TestOperation<F>, times: Int) {
        switch op.body {
        case .synchronous(let body):
            for _ in 0..<times { body(op) }
            if runsAgainAfterRacingCancel(op) { body(op) }
            if F.mutation == .syncFinishWaitsForResume && holdsFinishWhileSuspended(op) { return }
            finish(op)
        case .asynchronous(let body):
            // The slot stays taken until `finish()`; the completion hook releases it.
            // (`runsBodyTwiceAfterRelist` runs a synchronous body twice only.)
            for _ in 0..<(F.mutation == .runsBodyTwiceAfterRelist ? 1 : times) { body(op) }
            if F.mutation == .asyncFinishedWhenSlotContended { op.complete(reclaimingSlot: true) }
        }
    }

    private func finish(_ op: TestOperation<F>) { op.complete() }

    /// The rare-duplicate mutant: a cancel that arrived after the worker picked the operation
    /// (between the hand-off and the end of the body) is taken, on every `duplicateOneIn`-th such
    /// race of this flavor, for a cancel before start that a retry path must "undo" by running
    /// again. Every N-th, not 1 in N at random: `once.cancel-race` promises to catch a rate of
    /// 1 in N with 95 % probability, so a random mutant would escape 1 seed in 20 by design; a
    /// periodic one is caught on every seed that reaches the floor (about 3N landed races).
    private func runsAgainAfterRacingCancel(_ op: TestOperation<F>) -> Bool {
        guard F.mutation == .runsBodyTwiceRarely else { return false }
        scheduler.condition.lock()
        let raced = op.cancelled && !op.cancelledAtStart
        scheduler.condition.unlock()
        return raced && RacingCancels.count(for: F.self).isMultiple(of: F.duplicateOneIn)
    }

    /// Frees the slot and the place in the queue of a finishing operation. Lock held.
    ///
    /// - Returns: the queue, when this was its last operation, for the caller to let go of once
    ///   the lock is released.
    func releaseLocked(_ op: TestOperation<F>) -> AnyObject? {
        if op.started { executing -= 1 }
        if executing == 0 { heldWidth = nil }
        // Finishing operations are near the front: found at once, not after a scan of thousands.
        if let index = ops.firstIndex(where: { $0 === op }) {
            ops.remove(at: index)
            if op.isBarrier { barriersQueued -= 1 }
        }
        if F.mutation == .freedWhileOnlyPendingLeft && !ops.isEmpty
            && ops.allSatisfy({ !$0.started && !$0.isReadyLocked })
        {
            // Takes "nothing runnable" for "nothing to do".
            defer { queueWhileBusy = nil }
            return queueWhileBusy
        }
        guard ops.isEmpty else { return nil }
        defer { queueWhileBusy = nil }
        return queueWhileBusy
    }

    /// Moves not-started operations between pending and ready. Lock held.
    private func refreshReadiness() {
        guard hasDependencies else { return }
        for op in ops where !op.started {
            let ready = op.isReadyLocked
            if ready && op.stateStorage == .pending {
                op.stateStorage = .ready
                scheduler.post(op, .ready)
            } else if !ready && op.stateStorage == .ready {
                op.stateStorage = .pending
                scheduler.post(op, .pending)
            }
        }
    }

    /// The next operation to start, or nil. Lock held.
    private func pick() -> TestOperation<F>? {
        if F.mutation == .neverRuns || suspended || executing >= effectiveWidth {
            let bypasses = F.mutation == .suspendedStartsCrossQueueReleased && suspended && executing < effectiveWidth
            return bypasses ? releasedAcrossQueues() : nil
        }
        var best: TestOperation<F>?
        // `barrierLetsHigherPriorityPass`: behind a barrier that waits, only higher priorities pass.
        var behindWaitingBarrier = false
        // With the order correct, the first ready operation of the highest waiting level wins.
        let highest = waitingPerLevel.lastIndex { $0 > 0 }
        let stopsEarly = [.none, .barrierDoesNotWait, .barrierWaitsOnlyForExecuting, .runsBodyTwiceRarely].contains(
            F.mutation)
        for (index, op) in ops.enumerated() {
            if op.unnoticed {
                if op.isBarrier { break }
                continue
            }
            if op.isBarrier && F.mutation == .barrierSkipsPendingBefore && !op.started
                && ops[..<index].allSatisfy({ !$0.started && !$0.isReadyLocked })
            {
                return op  // what came before it all waits on dependencies: taken for nothing to wait for
            }
            if op.isBarrier && F.mutation == .barrierLetsHigherPriorityPass && !op.started && index > 0 {
                behindWaitingBarrier = true
                continue
            }
            if op.isBarrier && F.mutation == .barrierWaitsOnlyForExecuting {
                // Starts once its snapshot finished, ahead of the waiting operations before it.
                if !op.started && op.barrierAwaits.allSatisfy({ $0.stateStorage == .finished }) { return op }
                break
            }
            if op.isBarrier && F.mutation != .barrierDoesNotWait {
                // A barrier starts once everything before it finished; nothing after it starts first.
                if index == 0 && !op.started { return op }
                break
            }
            guard !op.started else { continue }
            if behindWaitingBarrier && op.priority <= .normal { continue }
            if F.mutation == .neverFinishesCancelled && op.cancelled { continue }
            guard op.isReadyLocked else {
                if F.mutation == .hangsOnCycle { break }  // head-of-line: waits for the oldest
                continue
            }
            guard let current = best else {
                best = op
                if stopsEarly && op.priority.level == highest { break }
                continue
            }
            if isBetter(op, than: current) { best = op }
        }
        return best
    }

    /// `suspendedStartsCrossQueueReleased`: in a suspended queue, the first ready operation (before
    /// any barrier) that has a dependency in another queue. Lock held.
    private func releasedAcrossQueues() -> TestOperation<F>? {
        for op in ops {
            if op.isBarrier { return nil }
            guard !op.started, !op.cancelled, !op.unnoticed, op.isReadyLocked else { continue }
            if op.dependencyList.contains(where: { $0.core != nil && $0.core !== self }) { return op }
        }
        return nil
    }

    private func isBetter(_ op: TestOperation<F>, than current: TestOperation<F>) -> Bool {
        switch F.mutation {
        case .ignoresPriority: return op.sequence < current.sequence
        case .fifoBreaksPastCapacity where op.priority == current.priority && op.overflowed != current.overflowed:
            return !op.overflowed
        case .fifoBreaksPastCapacity where op.priority == current.priority && op.overflowed:
            return op.sequence > current.sequence
        case .brokenFIFO:
            return op.priority > current.priority || (op.priority == current.priority && op.sequence > current.sequence)
        case .ignoresPriorityChangeOfReady:
            return op.listedPriority > current.listedPriority
                || (op.listedPriority == current.listedPriority && op.sequence < current.sequence)
        default:
            return op.priority > current.priority || (op.priority == current.priority && op.sequence < current.sequence)
        }
    }
}
