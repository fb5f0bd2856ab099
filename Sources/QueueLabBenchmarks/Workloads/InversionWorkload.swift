import QueueLabCore

/// `inversion`: priority inversion under a steady load. `normal` operations arrive on a schedule
/// (one every `us / util` of the queue's capacity, so the queue is busy `util` percent of the time),
/// and after every `every` of them a `veryHigh` operation arrives that waits for a fresh `veryLow`
/// one. Under strict priority the `veryLow` operation starts only when no `normal` one is ready,
/// so the `veryHigh` one waits for a busy period to end; a policy that inherits runs the pair next.
///
/// Figures: `inversion_p50_ns`, `inversion_p99_ns`, `inversion_max_ns`: the `veryHigh`
/// operations' add-to-finish times. Throughput is every operation over the whole phase (paced, so
/// it is the offered rate while the queue keeps up).
extension WorkloadExecution {
    func inversion() throws -> WorkloadOutcome {
        let width = workload["width"]
        let normal = workload["n"]
        let every = workload["every"]
        let bodyNanoseconds = UInt64(workload["us"]) * 1_000
        // Capacity is width bodies at a time; util percent of it is offered.
        let interval = Swift.max(1, bodyNanoseconds * 100 / UInt64(workload["util"]) / UInt64(width))
        let pairs = normal / every
        let latencies = LatencyTable(count: pairs)
        let queue = makeQueue(width: width)
        let warmAfter = try warmWorkers(of: queue, width: width)
        var index = 0
        func operation(_ priority: QueuePriority) -> Queue.Operation {
            defer { index += 1 }
            return Queue.Operation(name: nil, priority: priority, body: harness.synchronousBody(index))
        }
        let start = timedPhaseStarts()
        for arrival in 0..<normal {
            _ = ArrivalPacer.wait(until: start &+ UInt64(arrival) &* interval)
            harness.willAdd(index)
            try queue.addOperation(operation(.normal))
            guard arrival % every == every / 2, arrival / every < pairs else { continue }
            let slot = arrival / every
            let low = operation(.veryLow)
            let added = MonotonicClock.now()
            let high = Queue.Operation(
                name: nil, priority: .veryHigh,
                body: .synchronous { _ in latencies.record(slot, MonotonicClock.now() &- added) })
            index += 1
            try high.addDependency(low)
            harness.willAdd(index - 2)
            try queue.addOperations([low, high], waitUntilFinished: false)
        }
        try drain(queue)
        let wall = timedPhaseEnds(since: start)
        var outcome = WorkloadOutcome(operations: index, wallNanoseconds: wall)
        outcome.extraFigures["warm_after_ns"] = warmAfter
        let sorted = latencies.sorted()
        if !sorted.isEmpty {
            outcome.extraFigures["inversion_p50_ns"] = Double(sorted[(sorted.count - 1) / 2])
            outcome.extraFigures["inversion_p99_ns"] = Double(sorted[(sorted.count - 1) * 99 / 100])
            outcome.extraFigures["inversion_max_ns"] = Double(sorted[sorted.count - 1])
        }
        return outcome
    }

    static func inversionOperationCount(_ workload: Workload) -> Int {
        workload["n"] + 2 * (workload["n"] / workload["every"])
    }
}
