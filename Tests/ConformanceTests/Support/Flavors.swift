/// The correct test queue, rejecting cycles (QueueLab's behaviour).
enum Correct: QueueFlavor { static let mutation = Mutation.none }

/// The correct test queue without cycle detection: cycles deadlock, as in Foundation.
enum CorrectDeadlocking: QueueFlavor {
    static let mutation = Mutation.none
    static let rejectsCycles = false
}

enum IgnoresPriority: QueueFlavor { static let mutation = Mutation.ignoresPriority }
enum BrokenFIFO: QueueFlavor { static let mutation = Mutation.brokenFIFO }
enum StartsEarly: QueueFlavor { static let mutation = Mutation.startsBeforeDependencyFinishes }
enum RunsCancelled: QueueFlavor { static let mutation = Mutation.runsCancelled }
enum NeverFinishesCancelled: QueueFlavor { static let mutation = Mutation.neverFinishesCancelled }
enum RunsBodyTwice: QueueFlavor { static let mutation = Mutation.runsBodyTwice }
enum ExceedsWidth: QueueFlavor { static let mutation = Mutation.exceedsWidth }
enum SerialAtDefaultWidth: QueueFlavor { static let mutation = Mutation.serialAtDefaultWidth }
enum ShowsExecutingAndFinished: QueueFlavor { static let mutation = Mutation.showsExecutingAndFinished }
enum HangsOnCycle: QueueFlavor { static let mutation = Mutation.hangsOnCycle }
enum DropsCompletion: QueueFlavor { static let mutation = Mutation.dropsCompletion }
enum BarrierDoesNotWait: QueueFlavor { static let mutation = Mutation.barrierDoesNotWait }
enum NeverRuns: QueueFlavor { static let mutation = Mutation.neverRuns }
enum KeepsQueueAlive: QueueFlavor { static let mutation = Mutation.keepsQueueAlive }
enum FreedUnderWork: QueueFlavor { static let mutation = Mutation.freedUnderWork }
enum AdmitsOneByOne: QueueFlavor { static let mutation = Mutation.admitsOneByOne }

/// The time bound of a check run on a queue that must pass: far beyond what a check needs, so that
/// a loaded CI machine cannot turn a PASS into STALE (a passing check never waits for it).
let passingBound: Duration = .seconds(30)

enum BarrierWaitsOnlyForExecuting: QueueFlavor { static let mutation = Mutation.barrierWaitsOnlyForExecuting }

enum FIFOBreaksPast64: QueueFlavor {
    static let mutation = Mutation.fifoBreaksPastCapacity
    static let levelRingCapacity = 64
}
enum FIFOBreaksPast256: QueueFlavor {
    static let mutation = Mutation.fifoBreaksPastCapacity
    static let levelRingCapacity = 256
}
enum FIFOBreaksPast4096: QueueFlavor {
    static let mutation = Mutation.fifoBreaksPastCapacity
    static let levelRingCapacity = 4_096
}

enum RunsBodyTwiceOneIn100: QueueFlavor {
    static let mutation = Mutation.runsBodyTwiceRarely
    static let duplicateOneIn = 100
}
enum RunsBodyTwiceOneIn1000: QueueFlavor {
    static let mutation = Mutation.runsBodyTwiceRarely
    static let duplicateOneIn = 1_000
}
enum RunsBodyTwiceOneIn10000: QueueFlavor {
    static let mutation = Mutation.runsBodyTwiceRarely
    static let duplicateOneIn = 10_000
}
enum RunsBodyTwiceOneIn100000: QueueFlavor {
    static let mutation = Mutation.runsBodyTwiceRarely
    static let duplicateOneIn = 100_000
}

enum ResumeForgetsIdleQueue: QueueFlavor { static let mutation = Mutation.resumeForgetsIdleQueue }
enum BoundedWaitSkipsExecutingAsync: QueueFlavor { static let mutation = Mutation.boundedWaitSkipsExecutingAsync }
enum LosesCrossQueueWakeup: QueueFlavor { static let mutation = Mutation.losesCrossQueueWakeup }
enum ListsEdgedMembersLast: QueueFlavor { static let mutation = Mutation.listsEdgedMembersLast }

// The model-based checks' mutants (``ModelMutants/queue``): one clause each, broken in one state.
enum ExecutingReadsPendingAfterEdge: QueueFlavor { static let mutation = Mutation.executingReadsPendingAfterEdge }
enum SyncFinishWaitsForResume: QueueFlavor { static let mutation = Mutation.syncFinishWaitsForResume }
enum AsyncFinishedWhenSlotContended: QueueFlavor { static let mutation = Mutation.asyncFinishedWhenSlotContended }
enum RunsBodyTwiceAfterRelist: QueueFlavor { static let mutation = Mutation.runsBodyTwiceAfterRelist }
enum RunsCancelledWhileWaitingForSlot: QueueFlavor {
    static let mutation = Mutation.runsCancelledWhileWaitingForSlot
}
enum DropsCancelOfExecutingAsync: QueueFlavor { static let mutation = Mutation.dropsCancelOfExecutingAsync }
enum RunsCancelledOnResume: QueueFlavor { static let mutation = Mutation.runsCancelledOnResume }
enum CancelAllSkipsPending: QueueFlavor { static let mutation = Mutation.cancelAllSkipsPending }
enum CompletionTwiceWhenCancelledPending: QueueFlavor {
    static let mutation = Mutation.completionTwiceWhenCancelledPending
}
enum AcceptsReaddOfExecuting: QueueFlavor { static let mutation = Mutation.acceptsReaddOfExecuting }
enum FinishAcceptedBeforeStart: QueueFlavor { static let mutation = Mutation.finishAcceptedBeforeStart }
enum OperationsOmitCancelled: QueueFlavor { static let mutation = Mutation.operationsOmitCancelled }
enum CancelledDependencyCountsAtCancel: QueueFlavor {
    static let mutation = Mutation.cancelledDependencyCountsAtCancel
}
enum FinishedDependencyHolds: QueueFlavor { static let mutation = Mutation.finishedDependencyHolds }
enum LateEdgeIgnoredWhenReady: QueueFlavor { static let mutation = Mutation.lateEdgeIgnoredWhenReady }
enum KeepsRemovedCrossQueueEdge: QueueFlavor { static let mutation = Mutation.keepsRemovedCrossQueueEdge }
enum CrossQueueDependencyCountsWhenReady: QueueFlavor {
    static let mutation = Mutation.crossQueueDependencyCountsWhenReady
}
enum AcceptsLongCycles: QueueFlavor { static let mutation = Mutation.acceptsLongCycles }
/// Accepts cycles (as Foundation: `rejectsCycles` is false for it) and runs two-operation ones.
enum RunsTwoCycle: QueueFlavor { static let mutation = Mutation.runsTwoCycle }
enum IgnoresLoweredWidthWhileBusy: QueueFlavor { static let mutation = Mutation.ignoresLoweredWidthWhileBusy }
enum SuspendedStartsCrossQueueReleased: QueueFlavor {
    static let mutation = Mutation.suspendedStartsCrossQueueReleased
}
enum RefusedBatchAddsPrefix: QueueFlavor { static let mutation = Mutation.refusedBatchAddsPrefix }
enum BarrierSkipsPendingBefore: QueueFlavor { static let mutation = Mutation.barrierSkipsPendingBefore }
enum BarrierLetsHigherPriorityPass: QueueFlavor { static let mutation = Mutation.barrierLetsHigherPriorityPass }
enum WaitReturnsWhenSuspendedIdle: QueueFlavor { static let mutation = Mutation.waitReturnsWhenSuspendedIdle }
enum OperationWaitReturnsOnCancel: QueueFlavor { static let mutation = Mutation.operationWaitReturnsOnCancel }
enum ReportsPendingForFinishedEdges: QueueFlavor { static let mutation = Mutation.reportsPendingForFinishedEdges }
enum FreedWhileOnlyPendingLeft: QueueFlavor { static let mutation = Mutation.freedWhileOnlyPendingLeft }
enum AddWakesOnlyEmptyQueue: QueueFlavor { static let mutation = Mutation.addWakesOnlyEmptyQueue }
enum ResumeLooksAtOldestOnly: QueueFlavor { static let mutation = Mutation.resumeLooksAtOldestOnly }
enum WidthRaiseIgnoredWhileBusy: QueueFlavor { static let mutation = Mutation.widthRaiseIgnoredWhileBusy }
enum AsyncFinishWakesOnlyDependents: QueueFlavor { static let mutation = Mutation.asyncFinishWakesOnlyDependents }
enum CrossQueueWakeOnlyByFirstDependency: QueueFlavor {
    static let mutation = Mutation.crossQueueWakeOnlyByFirstDependency
}
enum EdgeRemovalForgetsWakeWhenOtherFinished: QueueFlavor {
    static let mutation = Mutation.edgeRemovalForgetsWakeWhenOtherFinished
}
enum CancelOfPendingForgetsWake: QueueFlavor { static let mutation = Mutation.cancelOfPendingForgetsWake }
enum BarrierFinishForgetsWake: QueueFlavor { static let mutation = Mutation.barrierFinishForgetsWake }
enum IgnoresPriorityChangeOfReady: QueueFlavor { static let mutation = Mutation.ignoresPriorityChangeOfReady }
