import QueueLabCore

extension FoundationQueue {
    /// Bugs of swift-corelibs-foundation's `OperationQueue` that the conformance suite catches; the
    /// adapter keeps them (it is the reference, quirks included) and says so.
    public static var knownDeviations: [KnownDeviation] {
        [
            KnownDeviation(
                checkID: "deps.removed",
                reason: "corelibs Foundation (Swift 6.3.1, Linux) leaves an operation not ready forever after "
                    + "removeDependency removed its last unfinished dependency; a 10-line program without QueueLab "
                    + "shows the same"),
            // The same bug, seen by the wake-up table's removeDependency rows.
            KnownDeviation(
                checkID: "liveness.dependency-removed",
                reason: "corelibs Foundation (Swift 6.3.1, Linux) leaves an operation not ready forever after "
                    + "removeDependency removed its last unfinished dependency (as in deps.removed)"),
            // Found by CI's quick run (o150 started while o18, listed earlier at the same level,
            // was ready) and on every seed tried since (1 to 3, quick). The cause is argued
            // from corelibs' design, not yet reproduced without QueueLab.
            KnownDeviation(
                checkID: "order.fifo-within-level",
                reason: "corelibs Foundation (Swift 6.3.1, Linux) starts the first operation its scan finds "
                    + "ready when a slot frees; a readiness published by another thread (a dependency "
                    + "finishing) can land after the scan passed the operation, so a later operation of the "
                    + "same level may start first"),
            KnownDeviation(
                checkID: "barrier.suspended",
                reason: "corelibs Foundation (Swift 6.3.1, Linux) runs a barrier added to an empty suspended queue "
                    + "at once (TheContract, Foundation on Linux)"),
            KnownDeviation(
                checkID: "barrier.before",
                reason: "corelibs Foundation (Swift 6.3.1, Linux) starts an operation added after a barrier while "
                    + "the barrier's block still runs (model.contract: a width-1 queue, a held barrier, then an add)"),
            KnownDeviation(
                checkID: "completion.prompt",
                reason: "corelibs Foundation (Swift 6.3.1, Linux) can run the completion handler of an operation "
                    + "cancelled before it started only after bodies started before it return, though the "
                    + "operation reads finished (model.contract; a plain Foundation program shows the same)"),
        ]
    }
}
