import Foundation
import QueueLabCore
import QueueLabScheduling

extension LockQueue {
    /// Carries out a wakeup decided under the lock; the lock is not held.
    func start(_ wakeup: Wakeup) {
        switch wakeup {
        case .none: break
        case .signal: workAvailable.signal()
        case .spawn:
            let thread = Thread { [self] in workerLoop() }
            thread.name = "queuelab.lock.\(name ?? "worker")"
            thread.start()
        }
    }

    /// A worker: takes ready operations until none is left for `idleTimeout`. Two lock sections
    /// per operation: one retires it, one takes the next; between them, with the lock released,
    /// run its follow-up (observer, dependents, completion handler), so dependents it releases are
    /// queued before this worker looks for work or parks. Everything a user wrote runs unlocked.
    /// (Retiring and taking in one section was measured twice and not kept: results/README.md.)
    func workerLoop() {
        lock.lock()
        while let taken = takeNextOrPark() {
            let operation = taken.operation
            if taken.runsBody {
                let started = operation.enter(.executing)
                lock.unlock()
                operation.deliver(started)
                operation.runBody()
                lock.lock()
                if operation.isAsynchronous {
                    // This worker goes on itself; the wakeup only matters to others.
                    _ = machine.asynchronousBodyReturned(operation)
                    continue
                }
            }
            guard retireOnWorker(operation) else { return }
        }
        lock.unlock()
    }

    /// Lock held: retires an operation this worker took (a synchronous body returned, or it was
    /// cancelled before it started) and runs its follow-up unlocked. This worker goes on to the
    /// next operation itself, so the freed slot needs no wakeup; but it steps away from its place
    /// while a completion handler runs, since a handler may block and ready work must not wait
    /// for it.
    ///
    /// - Returns: true with the lock held again; false, with the lock released, when enough
    ///   workers started while it ran a handler and this one must end.
    private func retireOnWorker(_ operation: ScheduledOperation) -> Bool {
        let (transition, _, wakeWaiters) = retire(operation)
        lock.unlock()
        operation.deliver(transition)
        if wakeWaiters { lock.withLock { allFinished.broadcast() } }
        guard let handler = operation.completeFinishTakingHandler() else {
            lock.lock()
            return true
        }
        start(lock.withLock { machine.workerStepsAway() })
        handler()
        lock.lock()
        guard machine.workerReturns() else {
            lock.unlock()
            return false
        }
        return true
    }

    /// Lock held (also on return): the next operation, after parking while there is none; nil
    /// when the worker has been idle for `idleTimeout` and must end.
    ///
    /// Kept out of line: inlined into `workerLoop`, Swift 6.3.1's optimizer left the exclusive
    /// access of `machine.next()` open on the path that found work, and the runtime then reported
    /// "simultaneous accesses" at the next retirement (release builds only).
    @inline(never)
    private func takeNextOrPark() -> QueueStateMachine.Taken? {
        var mayPoll = true
        while true {
            if let taken = machine.next() { return taken }
            // One idle spell, yields then a park, each one uncounted region (not one a yield: the
            // regions' own cost is counted, and 32 of them per operation added 15 % to `ping`).
            if mayPoll, InstructionCounting.whileIdle({ pollBeforeParking() }) {
                mayPoll = false  // work was there but not taken: park next time rather than spin
                continue
            }
            machine.workerParks()
            let signalled = InstructionCounting.whileIdle {
                workAvailable.wait(lock, until: MonotonicClock.now() &+ Self.idleTimeout)
            }
            machine.workerWakes()
            if !signalled, !machine.hasRunnableWork {
                machine.workerExits()
                return nil
            }
            mayPoll = true
        }
    }

    /// Lock held (also on return): gives the producer a few chances to add more before parking;
    /// true when there is work to take. Parking costs the producer a futex wake per operation (a
    /// quarter of the time of a no-op workload, measured with `perf record -e cpu-clock`); yielding
    /// the core a few times first usually finds new work without it.
    private func pollBeforeParking() -> Bool {
        for _ in 0..<Self.pollsBeforeParking {
            lock.unlock()
            sched_yield()
            lock.lock()
            if machine.hasRunnableWork { return true }
        }
        return false
    }

    /// Lock held: the operation leaves the queue.
    ///
    /// Letting go of `selfWhileBusy` here never frees the queue under its lock: every caller holds
    /// the queue itself (a worker's thread, or `finish()` through the operation's host).
    func retire(_ operation: ScheduledOperation) -> (StateTransition?, Wakeup, Bool) {
        let wakeup = machine.finished(operation)
        if members.remove(operation) { selfWhileBusy = nil }
        let transition = operation.enter(.finished)
        return (transition, wakeup, allFinishedWaiters > 0 && members.count == 0)
    }

    /// Lock released: what follows a retirement.
    func completeRetirement(_ operation: ScheduledOperation, _ transition: StateTransition?, _ wakeWaiters: Bool) {
        operation.deliver(transition)
        if wakeWaiters { lock.withLock { allFinished.broadcast() } }
        operation.completeFinish()
    }
}
