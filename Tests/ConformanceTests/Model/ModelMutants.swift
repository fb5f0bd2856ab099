import LockBasedQueue
import QueueLabConformance
import QueueLabCore
import Testing

/// A mutant for the model-based checks: the clause it breaks and how to make its queues.
struct ModelMutant: Sendable, CustomTestStringConvertible {
    let name: String
    /// The ContractClause id the defect breaks.
    let clause: String
    let recipe: any QueueRecipe
    var testDescription: String { "\(name) breaks \(clause)" }
}

extension ModelMutant {
    /// The test queue with `flavor`'s one bug, named after its mutation.
    init<F: QueueFlavor>(_ flavor: F.Type, breaks clause: String) {
        self.init(name: F.mutation.rawValue, clause: clause, recipe: QueueMaker(TestQueue<F>.self))
    }

    /// `lock` with a broken policy, named after the policy.
    init(policy: some SchedulingPolicy, breaks clause: String) {
        self.init(name: policy.name, clause: clause, recipe: LockQueue.recipe(policy: policy))
    }
}

/// The mutants the model-based checks must catch, each the correct queue (the test queue, or
/// `lock` with a built-in policy) with one defect that breaks one clause, in one state of the queue
/// and not by timing.
enum ModelMutants {
    /// The test queue with one bug each (``Mutation``, ``Flavors``). All but `runsTwoCycle` declare
    /// cycle rejection, as QueueLab's queues.
    static let queue: [ModelMutant] = [
        /// A dependency added to an executing operation makes its state read pending (backwards) until it finishes.
        ModelMutant(ExecutingReadsPendingAfterEdge.self, breaks: "op.states"),
        /// A synchronous body that returns while its queue is suspended leaves the operation executing until resume.
        ModelMutant(SyncFinishWaitsForResume.self, breaks: "op.sync-finishes"),
        /// An asynchronous operation whose body returns while ready work waits for its slot is finished without finish().
        ModelMutant(AsyncFinishedWhenSlotContended.self, breaks: "op.async-holds"),
        /// A synchronous operation whose priority changed while it was ready runs its body twice.
        ModelMutant(RunsBodyTwiceAfterRelist.self, breaks: "op.body-once"),
        /// A ready operation cancelled in a running queue while it waits for a slot runs its body anyway.
        ModelMutant(RunsCancelledWhileWaitingForSlot.self, breaks: "cancel.before-start"),
        /// A cancel of an executing asynchronous operation is dropped: isCancelled stays false.
        ModelMutant(DropsCancelOfExecutingAsync.self, breaks: "cancel.executing"),
        /// A ready operation cancelled while its queue is suspended runs its body on resume.
        ModelMutant(RunsCancelledOnResume.self, breaks: "cancel.suspended"),
        /// cancelAllOperations skips the operations pending on dependencies.
        ModelMutant(CancelAllSkipsPending.self, breaks: "cancel.all"),
        /// An operation cancelled while pending runs its completion handler at the cancel and again at its finish.
        ModelMutant(CompletionTwiceWhenCancelledPending.self, breaks: "completion.once"),
        /// Adding an operation that is executing is silently ignored instead of throwing.
        ModelMutant(AcceptsReaddOfExecuting.self, breaks: "misuse.add"),
        /// finish() of a queued asynchronous operation that has not started throws nothing and finishes it.
        ModelMutant(FinishAcceptedBeforeStart.self, breaks: "misuse.finish"),
        /// operations and operationCount leave out cancelled operations that have not finished.
        ModelMutant(OperationsOmitCancelled.self, breaks: "queue.reads"),
        /// A dependency cancelled while executing releases its dependents before it finished.
        ModelMutant(CancelledDependencyCountsAtCancel.self, breaks: "deps.wait"),
        /// An edge to an already finished operation, added to a queued operation, holds it forever.
        ModelMutant(FinishedDependencyHolds.self, breaks: "deps.finished"),
        /// An edge added to a ready (not pending) queued operation is ignored: it starts before that dependency finished.
        ModelMutant(LateEdgeIgnoredWhenReady.self, breaks: "deps.late"),
        /// Removing an edge to an operation queued in another queue does nothing: the edge still holds.
        ModelMutant(KeepsRemovedCrossQueueEdge.self, breaks: "deps.removed"),
        /// A dependency queued in another queue counts as finished once it is ready there.
        ModelMutant(CrossQueueDependencyCountsWhenReady.self, breaks: "deps.cross-queue"),
        /// Only a two-operation cycle is refused; the edge closing a cycle of three or more is accepted.
        ModelMutant(AcceptsLongCycles.self, breaks: "cycle.rejected"),
        /// (Cycles accepted, as Foundation.) The members of a two-operation cycle run once their other dependencies finished.
        ModelMutant(RunsTwoCycle.self, breaks: "cycle.deadlock"),
        /// Lowering the width while operations execute is ignored for new starts until nothing executes.
        ModelMutant(IgnoresLoweredWidthWhileBusy.self, breaks: "width.bound"),
        /// A suspended queue starts an operation whose dependency in another queue finished.
        ModelMutant(SuspendedStartsCrossQueueReleased.self, breaks: "suspend.holds"),
        /// A batch refused for one member (already queued) keeps the members before it.
        ModelMutant(RefusedBatchAddsPrefix.self, breaks: "batch.atomic"),
        /// A barrier whose earlier operations all wait on dependencies starts before them.
        ModelMutant(BarrierSkipsPendingBefore.self, breaks: "barrier.after"),
        /// A barrier waiting for earlier operations lets a later operation above normal priority start first.
        ModelMutant(BarrierLetsHigherPriorityPass.self, breaks: "barrier.before"),
        /// A queue's wait (either form) returns once the queue is suspended with nothing executing, operations left.
        ModelMutant(WaitReturnsWhenSuspendedIdle.self, breaks: "wait.queue"),
        /// An operation's wait (either form) returns once the operation was cancelled, before it finished.
        ModelMutant(OperationWaitReturnsOnCancel.self, breaks: "wait.operation"),
        /// An operation added with edges whose dependencies all finished reports pending, then ready.
        ModelMutant(ReportsPendingForFinishedEdges.self, breaks: "observer.path"),
        /// A queue whose unfinished operations all wait on dependencies lets go of itself: dropped, it never runs them.
        ModelMutant(FreedWhileOnlyPendingLeft.self, breaks: "lifetime.busy"),
        /// Adding without waiting wakes the queue only when it held no operations (beside a pending or executing one, no start).
        ModelMutant(AddWakesOnlyEmptyQueue.self, breaks: "wake.add"),
        /// Resuming wakes the queue only when its oldest unstarted operation is ready, not when it is pending.
        ModelMutant(ResumeLooksAtOldestOnly.self, breaks: "wake.resume"),
        /// Raising the width while an operation executes does not wake the queue.
        ModelMutant(WidthRaiseIgnoredWhileBusy.self, breaks: "wake.width"),
        /// finish() of an asynchronous operation with no dependent in its own queue does not wake that queue.
        ModelMutant(AsyncFinishWakesOnlyDependents.self, breaks: "wake.slot"),
        /// A dependency finishing in another queue wakes its dependent's queue only if it is the dependent's first dependency.
        ModelMutant(CrossQueueWakeOnlyByFirstDependency.self, breaks: "wake.dependency"),
        /// Removing one of two dependencies when the other already finished does not wake the queue.
        ModelMutant(EdgeRemovalForgetsWakeWhenOtherFinished.self, breaks: "wake.edge-removed"),
        /// Cancelling an operation pending on an unfinished dependency does not wake its queue.
        ModelMutant(CancelOfPendingForgetsWake.self, breaks: "wake.cancel"),
        /// A barrier finishing does not wake its queue: the operations behind it wait for the next event.
        ModelMutant(BarrierFinishForgetsWake.self, breaks: "wake.barrier"),
        /// A priority change of a ready operation is ignored by the order: it starts at its old priority.
        ModelMutant(IgnoresPriorityChangeOfReady.self, breaks: "promise.relist"),
    ]

    /// `lock` with a policy that declares one built-in's promises and breaks one
    /// (``ModelPolicyMutants``).
    static let policy: [ModelMutant] = [
        /// strict: when exactly low and high are ready, low starts first.
        ModelMutant(policy: StrictInvertsLowAndHigh(), breaks: "promise.strict-priority"),
        /// strict: a relisted operation takes its first listing's place in its new level, not the end.
        ModelMutant(policy: StrictRelistKeepsFirstPlace(), breaks: "promise.relist"),
        /// fifo: operations released one after another with no start between are ordered by priority.
        ModelMutant(policy: FIFOReleasedRunByPriority(), breaks: "promise.ready-order"),
        /// fifo: an operation whose priority changed while ready goes to the back, though fifo keeps places.
        ModelMutant(policy: FIFOSendsChangedToBack(), breaks: "promise.relist"),
        /// lifo: an operation released by its dependencies goes to the bottom of its level.
        ModelMutant(policy: LIFOReleasedToBottom(), breaks: "promise.lifo-within-level"),
        /// aging: within a level, among operations aged the same number of steps (below the top), newest first.
        ModelMutant(policy: AgingNewestFirstWithinStep(), breaks: "promise.fifo-within-level"),
        /// weighted: while exactly two levels have ready work, the lighter never starts.
        ModelMutant(policy: WeightedTwoLevelsStarveLighter(), breaks: "promise.weighted-shares"),
        /// inherit: an inherited priority counts one level above the operation's own at most.
        ModelMutant(policy: InheritRaisesOneLevelAtMost(), breaks: "promise.priority-inheritance"),
        /// inherit: an operation released by its dependencies (mid-chain) is listed at its own priority.
        ModelMutant(policy: InheritIgnoredWhenReleased(), breaks: "promise.priority-inheritance"),
        /// critical-path: the rank is read when the operation becomes ready; a chain growing behind it later is not seen.
        ModelMutant(policy: ChainRankFrozenWhenReady(), breaks: "promise.longest-chain-first"),
        /// critical-path: an operation released by its dependencies (mid-chain) ranks as if nothing waited behind it.
        ModelMutant(policy: ChainRankZeroWhenReleased(), breaks: "promise.longest-chain-first"),
    ]
}
