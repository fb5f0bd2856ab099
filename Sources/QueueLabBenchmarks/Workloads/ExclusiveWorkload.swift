import QueueLabAdvanced
import QueueLabCore

extension WorkloadExecution {
    /// `exclusive`: `n` advanced operations, operation i in category `i % categories`, added to an
    /// `AdvancedQueue` over the implementation: at most one body per category runs
    /// at a time, so this measures the layer's grant-and-release path (conditions evaluation, the
    /// exclusivity manager, the gate and underlying operations) on top of the queue's own.
    func exclusive() throws -> WorkloadOutcome {
        let count = workload["n"]
        let categories = (0..<Swift.max(1, workload["categories"])).map { "category\($0)" }
        let queue = AdvancedQueue<Queue>(wrapping: makeQueue(width: workload["width"]))
        let harness = self.harness
        let start = timedPhaseStarts()
        for index in 0..<count {
            let op = AdvancedOperation<Queue>(name: nil) { _ in
                let started = harness.begin(index)
                harness.work()
                harness.end(index, started: started)
            }
            op.addCategory(categories[index % categories.count])
            harness.willAdd(index)
            try queue.addOperation(op)
        }
        if case .timedOut(let report) = queue.waitUntilAllOperationsAreFinished(timeout: drainTimeout) {
            throw SampleError.stalled(report.description.split(separator: "\n").prefix(8).joined(separator: " | "))
        }
        return WorkloadOutcome(operations: count, wallNanoseconds: timedPhaseEnds(since: start))
    }
}
