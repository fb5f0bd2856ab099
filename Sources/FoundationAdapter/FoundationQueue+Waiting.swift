import Foundation
import QueueLabCore

extension FoundationQueue {
    /// Cancels every operation of the queue, as Foundation's `cancelAllOperations` does, but
    /// leaves the barriers alone: a deliberate difference.
    ///
    /// Foundation's `cancelAllOperations` also cancels pending barrier operations. A cancelled
    /// barrier finishes (without running its block) before the operations it waits for, and its
    /// queue releases it; those operations still hold it, unretained, as a dependent, and read
    /// the freed memory when they finish: a crash (measured: `FoundationBehaviourProbeTests`).
    /// Here the barriers stay, so their blocks run once the cancelled operations before them
    /// finished, and the operations after them still wait for them.
    public func cancelAllOperations() {
        for operation in queue.operations {
            operation.cancel()
        }
    }

    /// Foundation's own wait (unbounded: a dependency cycle makes it hang).
    public func waitUntilAllOperationsAreFinished() {
        queue.waitUntilAllOperationsAreFinished()
    }

    /// Waits on the adapter's own count of unfinished operations and barriers (Foundation's wait
    /// cannot be bounded); work added while waiting is covered.
    public func waitUntilAllOperationsAreFinished(timeout: Duration) -> WaitOutcome {
        if tracker.waitUntilIdle(timeout: timeout) {
            return .finished
        }
        let report = StallReport(queueName: name, isSuspended: isSuspended, operations: operations)
        let barrierEntries = barriers.openTickets.map {
            StallReport.Entry(operation: $0.label, state: .pending, isCancelled: false, unmetDependencies: [])
        }
        return .timedOut(
            StallReport(
                queueName: report.queueName, isSuspended: report.isSuspended, entries: report.entries + barrierEntries)
        )
    }
}
