import QueueLabCore

/// One deliberate bug of the test queue: each mutant is the correct queue with exactly one of these.
enum Mutation: String, CaseIterable, Sendable {
    case none
    case ignoresPriority
    case brokenFIFO
    case startsBeforeDependencyFinishes
    case runsCancelled
    case neverFinishesCancelled
    case runsBodyTwice
    case exceedsWidth
    /// At the default width, runs one operation at a time (as if the default were 1).
    case serialAtDefaultWidth
    case showsExecutingAndFinished
    case hangsOnCycle
    case dropsCompletion
    case barrierDoesNotWait
    /// The barrier waits only for what was executing when it was added.
    case barrierWaitsOnlyForExecuting
    /// FIFO within a level holds for the first ``QueueFlavor/levelRingCapacity`` waiting operations only.
    case fifoBreaksPastCapacity
    /// A cancel landing after the hand-off makes the body run again, on every
    /// ``QueueFlavor/duplicateOneIn``-th such race.
    case runsBodyTwiceRarely
    case neverRuns
    /// Each operation holds its queue for good (the defect `lock` and `actor` had).
    case keepsQueueAlive
    /// Nothing holds a busy queue: dropped with work pending, it shuts down under its operations.
    case freedUnderWork
    /// A batch is added one member at a time, waking workers after each.
    case admitsOneByOne
    /// Resuming wakes the queue only when it has a worker: a queue whose workers all retired while
    /// it was suspended stays put.
    case resumeForgetsIdleQueue
    /// A bounded wait takes an asynchronous operation that is executing (its body returned, no
    /// `finish()` yet) for finished.
    case boundedWaitSkipsExecutingAsync
    /// A finishing operation wakes only its own queue, not the queues of its dependents.
    case losesCrossQueueWakeup
    /// A batch is listed with its edge-free members first, members with dependency edges (either
    /// way) last: FIFO within a level breaks for them (the defect `lock` and `actor` had).
    case listsEdgedMembersLast

    // For the model-based checks (``ModelMutants/queue``): one clause of the contract each, broken
    // only in one state of the queue, never by timing.

    /// `op.states`: a dependency added to an operation while it executes makes its state read
    /// `pending` (backwards) until it finishes; the observer is told nothing.
    case executingReadsPendingAfterEdge
    /// `op.sync-finishes`: a synchronous body that returns while its queue is suspended leaves its
    /// operation executing until the queue resumes.
    case syncFinishWaitsForResume
    /// `op.async-holds`: an asynchronous operation whose body returns while ready work waits for
    /// its slot is finished at once (the queue takes the slot back; the later `finish()` is
    /// swallowed).
    case asyncFinishedWhenSlotContended
    /// `op.body-once`: a synchronous operation whose priority changed while it was ready runs its
    /// body twice (its stale listing is started too).
    case runsBodyTwiceAfterRelist
    /// `cancel.before-start`: an operation cancelled while ready in a running queue (waiting for a
    /// slot) runs its body anyway: the cancel flag was read when it became ready.
    case runsCancelledWhileWaitingForSlot
    /// `cancel.executing`: a cancel of an executing asynchronous operation is dropped: the flag
    /// stays false.
    case dropsCancelOfExecutingAsync
    /// `cancel.suspended`: a ready operation cancelled while its queue is suspended runs its body
    /// when the queue resumes.
    case runsCancelledOnResume
    /// `cancel.all`: `cancelAllOperations` skips operations that are pending on dependencies.
    case cancelAllSkipsPending
    /// `completion.once`: an operation cancelled while pending on a dependency runs its completion
    /// handler at the cancel and again when it finishes.
    case completionTwiceWhenCancelledPending
    /// `misuse.add`: adding an operation that is executing is silently ignored instead of throwing.
    case acceptsReaddOfExecuting
    /// `misuse.finish`: `finish()` of a queued asynchronous operation that has not started throws
    /// nothing and finishes it.
    case finishAcceptedBeforeStart
    /// `queue.reads`: `operations` and `operationCount` leave out cancelled operations that have not
    /// finished yet.
    case operationsOmitCancelled
    /// `deps.wait`: a dependency cancelled while executing counts as finished at once: its
    /// dependents start while it still runs.
    case cancelledDependencyCountsAtCancel
    /// `deps.finished`: an edge to an operation that already finished, added to a queued operation
    /// that has not started, is counted as unfinished forever.
    case finishedDependencyHolds
    /// `deps.late`: an edge added after queuing to an operation that is ready (not pending) is
    /// listed but ignored: the operation starts before that dependency finished.
    case lateEdgeIgnoredWhenReady
    /// `deps.removed`: removing an edge to an operation queued in another queue does nothing: the
    /// edge still holds (and is still listed).
    case keepsRemovedCrossQueueEdge
    /// `deps.cross-queue`: a dependency queued in another queue counts as finished as soon as it
    /// is ready there.
    case crossQueueDependencyCountsWhenReady
    /// `cycle.rejected`: only a direct cycle (two operations) is refused; the edge that closes a
    /// cycle through three or more operations is accepted (the queue declares cycle rejection).
    case acceptsLongCycles
    /// `cycle.deadlock`: (cycles accepted, as Foundation) the two members of a two-operation cycle
    /// take the edge back to each other for satisfied and run once their other dependencies
    /// finished.
    case runsTwoCycle
    /// `width.bound`: lowering the width while operations execute is ignored for new starts until
    /// the queue has nothing executing.
    case ignoresLoweredWidthWhileBusy
    /// `suspend.holds`: a suspended queue still starts an operation whose dependency in another
    /// queue finished.
    case suspendedStartsCrossQueueReleased
    /// `batch.atomic`: a batch refused for one member (already queued) keeps the members before it.
    case refusedBatchAddsPrefix
    /// `barrier.after`: a barrier whose earlier operations are all pending on dependencies starts
    /// without waiting for them.
    case barrierSkipsPendingBefore
    /// `barrier.before`: a barrier that still waits for earlier operations holds back only later
    /// operations of its own priority (`normal`) or lower: a `high` one added after it starts first.
    case barrierLetsHigherPriorityPass
    /// `wait.queue`: a queue's wait (either form) returns as soon as the queue is suspended with
    /// nothing executing, though operations are left.
    case waitReturnsWhenSuspendedIdle
    /// `wait.operation`: an operation's wait (either form) returns once the operation was
    /// cancelled, before it finished.
    case operationWaitReturnsOnCancel
    /// `observer.path`: an operation added with edges whose dependencies all finished reports
    /// `pending`, then `ready` (instead of `ready` alone).
    case reportsPendingForFinishedEdges
    /// `lifetime.busy`: a queue whose unfinished operations all wait on dependencies lets go of
    /// itself: dropped by its caller, it shuts down and they never run.
    case freedWhileOnlyPendingLeft
    /// `wake.add`: adding (without waiting) wakes the queue only when it held no operations: ready
    /// work added beside a pending or executing operation waits for the queue's next event.
    case addWakesOnlyEmptyQueue
    /// `wake.resume`: resuming wakes the queue only when its oldest unstarted operation is ready:
    /// behind a pending one, the ready work waits for the queue's next event.
    case resumeLooksAtOldestOnly
    /// `wake.width`: raising the width while an operation executes does not wake the queue.
    case widthRaiseIgnoredWhileBusy
    /// `wake.slot`: `finish()` of an asynchronous operation frees its slot but wakes only the queues
    /// of its dependents: ready work of its own queue that does not depend on it stays put.
    case asyncFinishWakesOnlyDependents
    /// `wake.dependency`: a dependency finishing in another queue wakes its dependent's queue only
    /// when it is the dependent's first dependency.
    case crossQueueWakeOnlyByFirstDependency
    /// `wake.edge-removed`: removing one of two dependencies when the other already finished does
    /// not wake the queue.
    case edgeRemovalForgetsWakeWhenOtherFinished
    /// `wake.cancel`: cancelling an operation that is pending on an unfinished dependency does not
    /// wake its queue: it finishes (and releases its dependents) only at the queue's next event.
    case cancelOfPendingForgetsWake
    /// `wake.barrier`: a barrier finishing does not wake its queue: the operations behind it wait
    /// for the queue's next event.
    case barrierFinishForgetsWake
    /// `promise.relist`: a priority change of a ready operation is ignored by the order: it starts
    /// as if it still had its old priority (its pending operations are listed at their new one).
    case ignoresPriorityChangeOfReady
}

extension Mutation {
    /// The mutants that miss a wake-up: what they leave unstarted is marked
    /// ``TestOperation/unnoticed`` until the queue's next wake-up.
    var forgetsWakeups: Bool {
        switch self {
        case .addWakesOnlyEmptyQueue, .resumeLooksAtOldestOnly, .widthRaiseIgnoredWhileBusy,
            .asyncFinishWakesOnlyDependents, .crossQueueWakeOnlyByFirstDependency,
            .edgeRemovalForgetsWakeWhenOtherFinished, .cancelOfPendingForgetsWake, .barrierFinishForgetsWake:
            true
        default: false
        }
    }

    /// Whether the mutant's queue rejects cycles. The correct queue and the model's mutants do (as
    /// QueueLab's queues, so every clause of the contract applies to them), but for the one that
    /// needs cycles accepted; the older mutants let cycles deadlock, as Foundation.
    var rejectsCycles: Bool {
        switch self {
        case .none: true
        case .runsTwoCycle: false
        default: isForModel
        }
    }

    /// One of the mutants written for the model-based checks (``ModelMutants/queue``), not for the
    /// older checks (``MutantTests`` and the long mutant tests).
    var isForModel: Bool {
        switch self {
        case .none, .ignoresPriority, .brokenFIFO, .startsBeforeDependencyFinishes, .runsCancelled,
            .neverFinishesCancelled, .runsBodyTwice, .exceedsWidth, .serialAtDefaultWidth, .showsExecutingAndFinished,
            .hangsOnCycle, .dropsCompletion, .barrierDoesNotWait, .barrierWaitsOnlyForExecuting,
            .fifoBreaksPastCapacity, .runsBodyTwiceRarely, .neverRuns, .keepsQueueAlive, .freedUnderWork,
            .admitsOneByOne, .resumeForgetsIdleQueue, .boundedWaitSkipsExecutingAsync, .losesCrossQueueWakeup,
            .listsEdgedMembersLast:
            false
        default: true
        }
    }
}

/// A test queue's configuration, as a type: each flavor is a distinct `OperationQueueing` type.
protocol QueueFlavor: Sendable {
    static var mutation: Mutation { get }
    /// Whether cycles are rejected (QueueLab's behaviour) or left to deadlock (Foundation's).
    static var rejectsCycles: Bool { get }
    /// `fifoBreaksPastCapacity`: waiting operations per level kept in order; more break FIFO.
    static var levelRingCapacity: Int { get }
    /// `runsBodyTwiceRarely`: every this-many-th racing cancel runs the body a second time.
    static var duplicateOneIn: Int { get }
}

extension QueueFlavor {
    static var rejectsCycles: Bool { mutation.rejectsCycles }
    static var levelRingCapacity: Int { 64 }
    static var duplicateOneIn: Int { 1_000 }
}
