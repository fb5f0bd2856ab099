import Foundation
import QueueLabCore
import QueueLabInstructionCounting
@_spi(QueueInternals) import QueueLabScheduling
import Synchronization

extension LockQueue {
    /// Carries out a wakeup decided under the lock; the lock is not held.
    func start(_ wakeup: Wakeup) {
        switch wakeup {
        case .none: break
        case .signal: workAvailable.signal()
        case .nudge: nudges.add(1, ordering: .releasing)
        case .spawn:
            let thread = Thread { [self] in workerLoop() }
            thread.name = "queuelab.lock.\(name ?? "worker")"
            thread.start()
        }
    }

    /// A worker: takes ready operations until none is left for `idleTimeout`. Everything a user
    /// wrote runs unlocked: bodies, observers, completion handlers.
    ///
    /// Two lock sections per operation in general: one retires it, one takes the next; between
    /// them, with the lock released, its follow-up (observer, dependents, completion handler)
    /// runs, so dependents it releases are listed before this worker picks (a `veryHigh`
    /// dependent goes before a `normal` backlog) and a handler that blocks holds up no ready work.
    /// The fast path, one section, is for an operation with neither: no dependency edge (its
    /// finish releases nobody, so the pick cannot change) and no completion handler. Its
    /// remaining follow-up (the `finished` transition, waiters) runs before the next body starts
    /// and before its `executing` transition is delivered, so observers see the same order. The
    /// same section retires the cancelled operations it takes on the way, if they finish alone,
    /// and so does a section that took such a cancelled operation first: a cancelled backlog is
    /// retired a batch a section, not in two sections an operation that both workers contend for
    /// (`cancel:percent=100` ran slower than before that way, faster a batch a section: the
    /// figures in `results/README.md`, "Figures the documentation used to show").
    func workerLoop() {
        lock.lock()
        /// Retired in the section that took the next operation; their follow-ups are still to run,
        /// unlocked, in this order. Kept across operations so that it allocates once per worker.
        var retiredAhead: [Retirement] = []
        retiredAhead.reserveCapacity(8)
        /// Taken in the section that retired the previous operation (the fast path); nil: take
        /// one, or park.
        var takenAhead: QueueStateMachine.Taken?
        while true {
            // Taken here, at the top, so that a parked worker holds no operation: the previous
            // iteration's went out of scope. The last of a `chain` keeps every operation before it
            // alive, and a worker parked on it freed them all whenever it next woke.
            guard let taken = takenAhead ?? takeNextOrPark() else { break }
            takenAhead = nil
            let operation = taken.operation
            if taken.runsBody {
                let started = operation.enter(.executing)
                lock.unlock()
                complete(&retiredAhead)
                // The observer has `executing` before the body starts, whoever delivers it.
                started?.deliverBeforeStarting()
                operation.runBody()
                lock.lock()
                if operation.isAsynchronous {
                    // This worker goes on itself; the wakeup only matters to others.
                    _ = machine.asynchronousBodyReturned(operation)
                    continue
                }
            }
            // A body that returned, or a cancelled operation taken unrun: retired now.
            if operation.finishesAlone {
                retiredAhead.append(retireOnWorker(operation))
                takenAhead = takeRunnable(retiring: &retiredAhead)
                if takenAhead != nil { continue }
                lock.unlock()
                complete(&retiredAhead)
                lock.lock()
                continue
            }
            if !retiredAhead.isEmpty {
                lock.unlock()
                complete(&retiredAhead)
                lock.lock()
            }
            guard retireWithFollowUp(operation) else { return }
        }
        lock.unlock()
    }

    /// Lock held: the next operation to start, retiring on the way each cancelled one that
    /// finishes alone (its follow-up joins `retired`); a cancelled one with edges or a handler is
    /// returned, for the slow path. nil when none is left, or when `retired` holds
    /// ``retirementsPerSection``: the section ends there, so that a backlog of a million cancelled
    /// operations holds the lock (and adds, and the other workers) for a batch at a time, and
    /// their follow-ups (waiters, the observer) run a batch at a time.
    private func takeRunnable(retiring retired: inout [Retirement]) -> QueueStateMachine.Taken? {
        while retired.count < Self.retirementsPerSection, let taken = machine.next() {
            guard !taken.runsBody, taken.operation.finishesAlone else { return taken }
            retired.append(retireOnWorker(taken.operation))
        }
        return nil
    }

    /// Enough to make a lock section's cost small beside its retirements, few enough that a
    /// section is short (a retirement is a few hundred nanoseconds).
    static let retirementsPerSection = 64

    /// Lock released: the follow-ups of `retired`, in order.
    private func complete(_ retired: inout [Retirement]) {
        guard !retired.isEmpty else { return }
        for retirement in retired { retirement.complete(on: self) }
        retired.removeAll(keepingCapacity: true)
    }

    /// Lock held: the operation a worker ran (or took cancelled) leaves the queue. This worker
    /// goes on to the next operation itself, so the freed slot needs no wakeup.
    private func retireOnWorker(_ operation: ScheduledOperation) -> Retirement {
        machine.finishedOnWorker(operation)
        return leave(operation)
    }

    /// Lock held: retires an operation this worker took (a synchronous body returned, or it was
    /// cancelled before it started) and runs its follow-up unlocked; it steps away from its
    /// place while a completion handler runs, since a handler may block and ready work must not
    /// wait for it.
    ///
    /// - Returns: true with the lock held again; false, with the lock released, when enough
    ///   workers started while it ran a handler and this one must end.
    private func retireWithFollowUp(_ operation: ScheduledOperation) -> Bool {
        let retirement = retireOnWorker(operation)
        lock.unlock()
        retirement.announce(on: self)
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

    /// Lock held (also on return): the next operation, after looking for one for a while and then
    /// parking while there is none; nil when the worker has been idle for `idleTimeout` and must
    /// end.
    ///
    /// Kept out of line: inlined into `workerLoop`, Swift 6.3.1's optimizer left the exclusive
    /// access of `machine.next()` open on the path that found work, and the runtime then reported
    /// "simultaneous accesses" at the next retirement (release builds only).
    @inline(never)
    private func takeNextOrPark() -> QueueStateMachine.Taken? {
        var maySpin = true
        while true {
            if let taken = machine.next() { return taken }
            if maySpin {
                // Registered as spinning under the lock, so that whoever adds work from now on
                // nudges instead of waking a parked worker; and every spell ends in `next()` under
                // the lock, so work a nudge stood for is never left behind.
                machine.workerStartsSpinning()
                let seen = nudges.load(ordering: .relaxed)
                lock.unlock()
                let nudged = InstructionCounting.whileIdle { spinUntilNudged(since: seen) }
                lock.lock()
                machine.workerStopsSpinning()
                // Nudged but beaten to the work: the queue is busy, look again. Not nudged within
                // the bound: the queue is idle, park.
                maySpin = nudged
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
            maySpin = true
        }
    }

    /// Lock released: yields the core for up to `spinNanoseconds`, watching the nudge count
    /// without the lock (polling under it made the adder wait for the mutex, visibly in a `noop`
    /// profile). Parking instead would cost the adder a futex wake per operation, a large share of
    /// the time of a no-op workload (the figures, measured with `perf record -e cpu-clock`:
    /// `results/README.md`, "Figures the documentation used to show"). True when nudged.
    private func spinUntilNudged(since seen: UInt64) -> Bool {
        let deadline = MonotonicClock.now() &+ Self.spinNanoseconds
        repeat {
            if nudges.load(ordering: .acquiring) != seen { return true }
            sched_yield()
        } while MonotonicClock.now() < deadline
        return nudges.load(ordering: .acquiring) != seen
    }

    /// Lock held: the operation leaves the queue.
    ///
    /// Letting go of `selfWhileBusy` here never frees the queue under its lock: every caller holds
    /// the queue itself (a worker's thread, or `finish()` through the operation's host).
    func retire(_ operation: ScheduledOperation) -> (Retirement, Wakeup) {
        let wakeup = machine.finished(operation)
        return (leave(operation), wakeup)
    }

    /// Lock held: the operation stops being a member and enters `finished`; whether the queue
    /// ran empty with someone waiting for that is noted for after the lock.
    private func leave(_ operation: ScheduledOperation) -> Retirement {
        if members.remove(operation) { selfWhileBusy = nil }
        let transition = operation.enter(.finished)
        return Retirement(
            operation: operation, transition: transition, wakesWaiters: allFinishedWaiters > 0 && members.count == 0)
    }
}
