import Foundation
import QueueLabCore

extension WorkloadExecution {
    /// `noop` and `cpu`: N independent operations added one by one from this thread.
    func independent() throws -> WorkloadOutcome {
        let count = workload["n"]
        let width = workload["width"]
        let queue = makeQueue(width: width)
        let start = timedPhaseStarts()
        for index in 0..<count {
            harness.willAdd(index)
            try queue.addOperation(operation(index))
        }
        try drain(queue)
        let wall = timedPhaseEnds(since: start)
        var outcome = WorkloadOutcome(operations: count, wallNanoseconds: wall)
        if workload.kind == .cpu {
            // Ideal: the spin time spread perfectly over min(width, cores) threads.
            let cores = ProcessInfo.processInfo.activeProcessorCount
            let lanes = width == defaultMaxConcurrentOperationCount ? cores : Swift.min(width, cores)
            let ideal = Double(count) * Double(workload["us"]) * 1_000 / Double(Swift.max(lanes, 1))
            outcome.extraFigures["efficiency"] = ideal / Double(Swift.max(wall, 1))
        }
        return outcome
    }

    /// `producers`: `threads` threads add `n / threads` operations each, all released at once.
    func producers() throws -> WorkloadOutcome {
        let threads = Swift.max(1, workload["threads"])
        let perThread = workload["n"] / threads
        let count = perThread * threads
        let queue = makeQueue()
        // The first error a producer thread met.
        let failure = Locked<(any Error)?>(nil)
        let go = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for thread in 0..<threads {
            done.enter()
            let producer = Thread { [self] in
                go.wait()
                do {
                    for offset in 0..<perThread {
                        let index = thread * perThread + offset
                        harness.willAdd(index)
                        try queue.addOperation(operation(index))
                    }
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                }
                done.leave()
            }
            producer.start()
        }
        let start = timedPhaseStarts()
        for _ in 0..<threads { go.signal() }
        if done.wait(timeout: .now() + .nanoseconds(Int(drainTimeout.nanoseconds))) == .timedOut {
            throw SampleError.stalled("producer threads did not finish adding")
        }
        if let error = failure.withLock({ $0 }) { throw error }
        try drain(queue)
        return WorkloadOutcome(operations: count, wallNanoseconds: timedPhaseEnds(since: start))
    }
}
