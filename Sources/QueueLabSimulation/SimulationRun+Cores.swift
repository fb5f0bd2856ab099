import QueueLabCore
import QueueLabScheduling

/// The simulated cores: a taken operation's body runs when a core is free, else waits for one in the
/// order operations were taken; then the operation finishes and is freed.
extension SimulationRun {
    mutating func beginBody(worker: Int32, operation index: Int) {
        running += 1
        result.peakConcurrency = max(result.peakConcurrency, running)
        let body = operations[index]!.duration
        let cpu = body &+ costs.overheadNanoseconds
        // The queue's own work runs through a stall; the body, which watches the clock, loses only
        // what a stall takes past its end (`StallModel.overrun(ofDeadline:)`).
        let lost = (stalls?.stalls(during: costs.overheadNanoseconds) ?? 0) &+ (stalls?.overrun(ofDeadline: body) ?? 0)
        schedule(.bodyEnds, at: now &+ wallTime(of: cpu, on: worker) &+ lost, worker: worker, operation: index)
    }

    /// The wall time `cpu` of work takes the worker from now: twice as long while it shares its core
    /// (``SpawnDelays``), as long after.
    private func wallTime(of cpu: UInt64, on worker: Int32) -> UInt64 {
        let until = sharedUntil[Int(worker)]
        guard until > now else { return cpu }
        let shared = until - now
        return cpu <= shared / 2 ? cpu * 2 : shared + (cpu - shared / 2)
    }

    mutating func bodyEnds(worker: Int32, operation index: Int) {
        running -= 1
        if waitingHead < waitingForCore.count {
            let next = waitingForCore[waitingHead]
            waitingHead += 1
            beginBody(worker: next.worker, operation: Int(next.operation))
            if waitingHead == waitingForCore.count {
                waitingForCore.removeAll(keepingCapacity: true)
                waitingHead = 0
            }
        } else {
            freeCores += 1
        }
        if let until = shape.refillUntil, now < until { refill(after: index) }
        finish(worker: worker, operation: index)
    }

    /// The operation leaves its queue (its body ended, or it was taken cancelled); its worker
    /// looks for the next one at once, or after handing off to its dependents.
    mutating func finish(worker: Int32, operation index: Int) {
        let operation = operations[index]!
        let alone = operation.finishesAlone
        hosts[Int(workerQueue[Int(worker)])].machine.finishedOnWorker(operation)
        _ = operation.enter(.finished)
        result.tally.finished(
            at: now, enqueued: operation.enqueued,
            started: operation.started == SimulatedOperation.notStarted ? nil : operation.started)
        result.timeline?.finished[index] = now
        if alone {
            operations.free(index)
            look(worker)
        } else {
            schedule(.handOffEnds, at: now &+ costs.handOffNanoseconds, worker: worker, operation: index)
        }
    }
}
