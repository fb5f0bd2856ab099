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
        ]
    }
}
