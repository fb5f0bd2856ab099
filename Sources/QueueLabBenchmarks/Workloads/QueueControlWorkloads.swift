import Dispatch
import QueueLabCore

extension WorkloadExecution {
    /// `priority`: `n` operations of random priority (seeded), each spinning `us` microseconds, added
    /// faster than `width` threads can run them; every operation's latency is recorded per class.
    func priority() throws -> WorkloadOutcome {
        let count = workload["n"]
        var random = SplitMix64(seed: 7)
        let queue = makeQueue(width: workload["width"])
        let start = timedPhaseStarts()
        for index in 0..<count {
            let priority = QueuePriority(level: Int.random(in: 0..<5, using: &random))
            harness.willAdd(index)
            try queue.addOperation(operation(index, priority: priority, byClass: true))
        }
        try drain(queue)
        return WorkloadOutcome(operations: count, wallNanoseconds: timedPhaseEnds(since: start))
    }

    /// `cancel`: `n` operations added to a suspended queue; `percent` of them cancelled (spread evenly,
    /// or `cancelAllOperations` at 100), then the queue resumes. Timed from the first cancel to the drain.
    func cancel() throws -> WorkloadOutcome {
        let count = workload["n"]
        let percent = Swift.min(100, Swift.max(0, workload["percent"]))
        let queue = makeQueue()
        queue.isSuspended = true
        var operations: [Queue.Operation] = []
        operations.reserveCapacity(count)
        for index in 0..<count {
            let op = operation(index)
            harness.willAdd(index)
            try queue.addOperation(op)
            operations.append(op)
        }
        let start = timedPhaseStarts()
        if percent == 100 {
            queue.cancelAllOperations()
        } else {
            for (index, op) in operations.enumerated() where (index * percent) / 100 != ((index + 1) * percent) / 100 {
                op.cancel()
            }
        }
        queue.isSuspended = false
        try drain(queue)
        let wall = timedPhaseEnds(since: start, keepingAlive: operations)
        return WorkloadOutcome(operations: count, wallNanoseconds: wall)
    }

    /// `async`: asynchronous operations whose bodies hand `finish()` to another thread (a serial
    /// dispatch queue), the way network-style work reports completion later.
    func asynchronous() throws -> WorkloadOutcome {
        let count = workload["n"]
        let queue = makeQueue(width: workload["width"])
        let finisher = DispatchQueue(label: "queuelab.bench.finisher")
        let harness = self.harness
        let start = timedPhaseStarts()
        for index in 0..<count {
            let op = Queue.Operation(
                name: nil, priority: .normal,
                body: .asynchronous { op in
                    let started = harness.begin(index)
                    harness.work()
                    finisher.async {
                        harness.end(index, started: started)
                        try? op.finish()
                    }
                })
            harness.willAdd(index)
            try queue.addOperation(op)
        }
        try drain(queue)
        return WorkloadOutcome(operations: count, wallNanoseconds: timedPhaseEnds(since: start))
    }
}
