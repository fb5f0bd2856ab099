import QueueLabCore

extension WorkloadExecution {
    /// `chain`: operation i waits for operation i-1; all added in one batch.
    func chain() throws -> WorkloadOutcome {
        let count = workload["n"]
        let queue = makeQueue()
        let start = timedPhaseStarts()
        var operations: [Queue.Operation] = []
        operations.reserveCapacity(count)
        for index in 0..<count {
            let op = operation(index)
            if let previous = operations.last { try op.addDependency(previous) }
            operations.append(op)
        }
        try addBatch(operations, to: queue)
        try drain(queue)
        let wall = timedPhaseEnds(since: start, keepingAlive: operations)
        return WorkloadOutcome(operations: count, wallNanoseconds: wall)
    }

    /// `fanout`: per round one root, `k` children that wait for it, one sink that waits for them;
    /// each round's root waits for the previous sink.
    func fanout() throws -> WorkloadOutcome {
        let children = workload["k"]
        let rounds = workload["rounds"]
        let queue = makeQueue()
        let start = timedPhaseStarts()
        var operations: [Queue.Operation] = []
        operations.reserveCapacity(rounds * (children + 2))
        var previousSink: Queue.Operation?
        for _ in 0..<rounds {
            let root = operation(operations.count)
            if let previousSink { try root.addDependency(previousSink) }
            operations.append(root)
            var middle: [Queue.Operation] = []
            for _ in 0..<children {
                let child = operation(operations.count)
                try child.addDependency(root)
                operations.append(child)
                middle.append(child)
            }
            let sink = operation(operations.count)
            for child in middle { try sink.addDependency(child) }
            operations.append(sink)
            previousSink = sink
        }
        try addBatch(operations, to: queue)
        try drain(queue)
        let wall = timedPhaseEnds(since: start, keepingAlive: operations)
        return WorkloadOutcome(operations: operations.count, wallNanoseconds: wall)
    }

    /// `dag`: node i waits for up to `edges` distinct earlier nodes drawn from the workload's seed,
    /// so every sample and implementation gets the same graph.
    func dag() throws -> WorkloadOutcome {
        let count = workload["n"]
        let queue = makeQueue()
        let start = timedPhaseStarts()
        // Drawn inside the timed phase, as the draws always were: rows stay comparable with older runs.
        let graph = DagGraph.dependencies(count: count, edges: workload["edges"], seed: workload["seed"])
        var operations: [Queue.Operation] = []
        operations.reserveCapacity(count)
        for index in 0..<count {
            let op = operation(index)
            for dependency in graph[index] { try op.addDependency(operations[dependency]) }
            operations.append(op)
        }
        try addBatch(operations, to: queue)
        try drain(queue)
        let wall = timedPhaseEnds(since: start, keepingAlive: operations)
        return WorkloadOutcome(operations: count, wallNanoseconds: wall)
    }

    func addBatch(_ operations: [Queue.Operation], to queue: Queue) throws {
        for index in operations.indices { harness.willAdd(index) }
        try queue.addOperations(operations, waitUntilFinished: false)
    }
}
