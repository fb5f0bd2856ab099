import QueueLabCore
import QueueLabScheduling

/// The simulated workers: started or woken by the machine's wakeups, each looks for its next
/// operation itself, or parks.
extension SimulationRun {
    /// The wakeups the machine decided become workers looking for work after the wake-up cost.
    mutating func carryOutWakeups() {
        for (queue, host) in hosts.enumerated() where !host.wakeups.isEmpty {
            for wakeup in host.wakeups {
                switch wakeup {
                case .spawn:
                    workerQueue.append(Int32(queue))
                    sharedUntil.append(0)
                    shareCoreIfPlacedSo()
                    schedule(.workerStarts, at: wokenAt(), worker: Int32(workerQueue.count - 1))
                case .signal:
                    let worker = parked[queue][parkedHead[queue]]
                    parkedHead[queue] += 1
                    schedule(.workerWakes, at: wokenAt(), worker: worker)
                case .nudge, .none: break
                }
            }
            host.wakeups.removeAll(keepingCapacity: true)
            if parkedHead[queue] > 1_024, parkedHead[queue] * 2 > parked[queue].count {
                parked[queue].removeFirst(parkedHead[queue])
                parkedHead[queue] = 0
            }
        }
    }

    /// When a worker woken now looks for work: after the wake-up cost, and after any stall that
    /// covers that moment.
    private mutating func wokenAt() -> UInt64 {
        let woken = now &+ costs.wakeupNanoseconds
        return wakeStalls?.ready(at: woken) ?? woken
    }

    /// A worker started now (the newest in `workerQueue`) and, unless it is the run's first, shares
    /// the core of the one started before it for a wait drawn from the calibration's: both run at
    /// half speed until then (a body the older one is running already keeps its end).
    private mutating func shareCoreIfPlacedSo() {
        let newest = workerQueue.count - 1
        guard newest > 0, let wait = spawnDelays?.draw(), wait > 0 else { return }
        sharedUntil[newest] = now &+ wait
        sharedUntil[newest - 1] = max(sharedUntil[newest - 1], now &+ wait)
    }

    /// A worker takes the next operation or parks.
    mutating func look(_ worker: Int32) {
        let queue = Int(workerQueue[Int(worker)])
        guard let taken = hosts[queue].machine.next() else {
            hosts[queue].machine.workerParks()
            parked[queue].append(worker)
            return
        }
        // Safe: this host holds only the operations this run made, all SimulatedOperation.
        let operation = unsafeDowncast(taken.operation, to: SimulatedOperation.self)
        guard taken.runsBody else {
            // Cancelled before it started: the worker retires it without a body or a core, at the
            // cost of its overhead, as the queue's worker retires one it takes cancelled.
            result.timeline?.skipped.append(operation.index)
            schedule(.cancelledEnds, at: now &+ costs.overheadNanoseconds, worker: worker, operation: operation.index)
            return
        }
        _ = operation.enter(.executing)
        operation.started = now
        result.tally.started(
            level: operation.priority.level, wait: now - operation.enqueued, at: now, window: shape.refillUntil)
        result.timeline?.started[operation.index] = now
        result.timeline?.startOrder.append(operation.index)
        if freeCores > 0 {
            freeCores -= 1
            beginBody(worker: worker, operation: operation.index)
        } else {
            waitingForCore.append((worker, Int32(operation.index)))
        }
    }
}
