import QueueLabCore

extension WorkloadExecution {
    /// `ping`: one operation at a time, each added once the previous one finished, so every add
    /// finds the queue idle: enqueue-to-start is the cost of waking it (a parked worker, a task,
    /// a Dispatch thread). Every operation's latency is recorded.
    func ping() throws -> WorkloadOutcome {
        let count = workload["n"]
        let queue = makeQueue()
        let start = timedPhaseStarts()
        for index in 0..<count {
            harness.willAdd(index)
            let operation = operation(index)
            try queue.addOperation(operation)
            guard operation.waitUntilFinished(timeout: drainTimeout) else {
                throw SampleError.stalled("ping \(index) did not finish within \(drainTimeout)")
            }
        }
        try drain(queue)
        return WorkloadOutcome(operations: count, wallNanoseconds: timedPhaseEnds(since: start))
    }
}
