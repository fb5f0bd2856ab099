import Foundation
import QueueLabCore

extension AdvancedOperation {
    // MARK: Entering a queue

    /// Called by the queue once: records the queue and returns the gate, a plain operation that
    /// waits for every dependency and then opens the evaluation step; nil when there is no
    /// dependency to wait for (the queue then opens the evaluation at once, so an operation that is
    /// ready needs no width slot before its body).
    func enter(_ queue: AdvancedQueue<Q>) throws(QueueError) -> Q.Operation? {
        let dependencies = try lockedThrowing { () throws(QueueError) -> [AdvancedDependency<Q>] in
            switch phase {
            case .created: break
            case .finished: throw .alreadyFinished(label)
            default: throw .alreadyEnqueued(label)
            }
            phase = .pending
            self.queue = queue
            self.faults = queue.faults
            return self.dependencies
        }
        guard !dependencies.isEmpty else { return nil }
        let gate = Q.Operation(
            name: "\(name ?? "op").gate", priority: queuePriority,
            body: .synchronous { [weak self] _ in self?.dependenciesFinished() })
        // Should anyone cancel the gate itself (the queue's own cancelAll), the evaluation still opens.
        gate.completionHandler = { [weak self] in self?.dependenciesFinished() }
        for dependency in dependencies { try gate.addDependency(dependency.underlying) }
        locked { self.gate = gate }
        return gate
    }

    // MARK: Evaluating

    /// The gate ran: every dependency finished. Starts the conditions.
    func dependenciesFinished() {
        // Decided in one step: a cancel racing with this call either sees `pending` (and finishes
        // the operation itself) or `evaluatingConditions`, never both sides finishing it.
        let (conditions, cancelledBeforeEntry) = locked { () -> ([any AdvancedCondition]?, Bool) in
            guard phase == .pending else { return (nil, false) }
            phase = cancelled ? .finishing : .evaluatingConditions
            gate = nil
            return (self.conditions, cancelled)
        }
        guard let conditions else { return }
        if cancelledBeforeEntry {
            finishWithoutBody()
            return
        }
        let sequentially = locked { faults.contains(.evaluatesConditionsSequentially) }
        ConditionEvaluator.evaluate(conditions, for: self, sequentially: sequentially) {
            [self] failures in conditionsEvaluated(failures)
        }
    }

    private func conditionsEvaluated(_ failures: [any Error]) {
        // Decided in one step, so a cancel during the evaluation (which finishes the operation
        // itself) and a failed condition never both finish it.
        let next = locked { () -> AfterConditions in
            guard phase == .evaluatingConditions else { return .none }
            collectedErrors += failures
            if failures.isEmpty || faults.contains(.runsBodyAfterFailedCondition) {
                phase = .waitingForExclusivity
                return .acquire
            }
            phase = .finishing
            return .fail
        }
        switch next {
        case .none: break
        case .acquire: acquireExclusivity()
        case .fail: finishWithoutBody()
        }
    }

    // MARK: Exclusivity

    private func acquireExclusivity() {
        let needed = requiredCategories
        let (faults, queue) = locked { (self.faults, self.queue) }
        guard !needed.isEmpty, !faults.contains(.ignoresExclusivity), let queue else {
            schedule()
            return
        }
        if let scope = queue.scope, !scope.isSuperset(of: needed) {
            let error = ExclusivityError.notHeldByEnclosingGroup(
                categories: needed.filter { !scope.contains($0) }, operation: label)
            if locked({ () -> Bool in
                guard phase == .waitingForExclusivity else { return false }
                collectedErrors.append(error)
                phase = .finishing
                return true
            }) {
                finishWithoutBody()
            }
            return
        }
        locked { grantedCategories = Set(needed) }
        if faults.contains(.acquiresOneByOne) {
            acquireOneByOne(needed, from: queue.exclusivity)
            return
        }
        // The ticket is recorded before the grant can run, so a cancel always finds it.
        let pending = PendingTicket()
        let ticket = queue.exclusivity.request(Set(needed), for: label) { [self] in
            pending.granted(then: { self.exclusivityGranted() })
        }
        let cancelledMeanwhile = locked { () -> Bool in
            tickets.append(ticket)
            return phase != .waitingForExclusivity
        }
        if cancelledMeanwhile { queue.exclusivity.release(ticket) }
        pending.recorded()
    }

    /// The deliberately wrong way (a mutant only): one category at a time, holding the earlier ones.
    private func acquireOneByOne(_ remaining: [String], from manager: ExclusivityManager) {
        guard let next = remaining.first else {
            exclusivityGranted()
            return
        }
        let pending = PendingTicket()
        let ticket = manager.request([next], for: label) { [self] in
            pending.granted(then: { self.acquireOneByOne(Array(remaining.dropFirst()), from: manager) })
        }
        let cancelledMeanwhile = locked { () -> Bool in
            tickets.append(ticket)
            return phase != .waitingForExclusivity
        }
        if cancelledMeanwhile { manager.release(ticket) }
        pending.recorded()
    }

    private func exclusivityGranted() {
        let proceed = locked { () -> Bool in phase == .waitingForExclusivity }
        if proceed { schedule() }
    }

    private func schedule() {
        let (queue, coordinator) = locked { () -> (AdvancedQueue<Q>?, GroupCoordinator<Q>?) in
            guard phase == .waitingForExclusivity else { return (nil, nil) }
            phase = .scheduled
            underlyingAdded = group == nil
            return (self.queue, group)
        }
        guard let queue else { return }
        if coordinator != nil {
            // A group holds no width slot while its children run: it starts here, its underlying
            // operation enters the queue only to finish (see `releaseUnderlying`).
            runBody()
            return
        }
        do {
            try queue.underlying.addOperation(underlyingOperation)
        } catch {
            let failed = locked { () -> Bool in
                guard phase == .scheduled else { return false }
                underlyingAdded = false
                collectedErrors.append(error)
                phase = .finishing
                return true
            }
            if failed { finishWithoutBody() }
        }
    }

    // MARK: Running

    /// The underlying operation's body.
    func runBody() {
        let start = locked { () -> [any AdvancedObserver<Q>]? in
            guard phase == .scheduled else { return nil }
            phase = .executing
            return observers
        }
        guard let start else {
            // Finished without its body (cancelled) while the queue was starting it.
            if body.isAsynchronous { try? underlyingOperation.finish() }
            return
        }
        for observer in start { observer.operationDidStart(self) }
        switch body {
        case .synchronous(let work):
            do { try work(self) } catch { locked { collectedErrors.append(error) } }
            if locked({ () -> Bool in
                guard phase == .executing else { return false }
                phase = .finishing
                return true
            }) {
                completeFinish()
            }
        case .asynchronous(let work):
            work(self)
        }
    }

    /// Reports that an asynchronous body's work is done, with its errors. Returns false (and does
    /// nothing) unless the operation is executing an asynchronous body that did not finish yet.
    /// A group finishes by itself, after its children: calling this on a group does nothing.
    @discardableResult
    public func finish(errors: [any Error] = []) -> Bool {
        finish(errors: errors, asGroup: false)
    }

    /// `asGroup`: the group's coordinator reporting that the last child finished.
    @discardableResult
    func finish(errors: [any Error], asGroup: Bool) -> Bool {
        let (accepted, completes) = locked { () -> (Bool, Bool) in
            guard body.isAsynchronous, !finishReported, phase >= .executing, (group != nil) == asGroup else {
                return (false, false)
            }
            finishReported = true
            collectedErrors += errors
            guard phase == .executing else { return (true, false) }  // cancelled without its body
            phase = .finishing
            return (true, true)
        }
        guard accepted else { return false }
        if completes { completeFinish() }
        if locked({ group != nil }) {
            releaseUnderlying()
        } else {
            try? underlyingOperation.finish()
        }
        return true
    }

    /// Adds `operation` to this operation's queue (a group's children queue when this one is a
    /// child), after telling the observers.
    ///
    /// - Throws: `QueueError.notExecuting` unless the operation is executing.
    public func produce(_ operation: AdvancedOperation<Q>) throws(QueueError) {
        let (queue, observers) = try lockedThrowing {
            () throws(QueueError) -> (AdvancedQueue<Q>?, [any AdvancedObserver<Q>]) in
            guard phase == .executing, let current = self.queue else { throw .notExecuting(label) }
            return (current, self.observers)
        }
        for observer in observers { observer.operation(self, didProduce: operation) }
        try queue?.addOperation(operation)
    }

    // MARK: Cancelling

    /// A request: before the body runs, the operation finishes without it at once (its waits for
    /// dependencies, conditions or exclusivity are dropped); while it runs, only the flag is set and
    /// the operation finishes when the body does. A group also cancels its children.
    public func cancel() {
        let (action, group) = locked { () -> (CancelAction, GroupCoordinator<Q>?) in
            guard !cancelled else { return (.none, nil) }
            cancelled = true
            switch phase {
            case .created, .finishing, .finished:
                return (.none, self.group)
            case .executing:
                guard faults.contains(.cancelFinishesRunning) else { return (.cancelUnderlying, self.group) }
                phase = .finishing
                return (.finishWhileRunning, self.group)
            case .pending, .evaluatingConditions, .waitingForExclusivity, .scheduled:
                phase = .finishing
                return (.finishWithoutBody, self.group)
            }
        }
        group?.cancelChildren()
        switch action {
        case .none: break
        case .cancelUnderlying: underlyingOperation.cancel()
        case .finishWithoutBody: finishWithoutBody()
        case .finishWhileRunning:
            completeFinish()
            underlyingOperation.cancel()
        }
    }

    // MARK: Finishing

    /// The operation is `finishing` without having run its body: observers, then the underlying
    /// operation is made to finish (cancelled, so the queue never runs it) for its dependents.
    func finishWithoutBody() {
        let (gate, group) = locked { () -> (Q.Operation?, GroupCoordinator<Q>?) in
            defer { self.gate = nil }
            return (self.gate, self.group)
        }
        group?.abandonUnstarted()
        completeFinish()
        gate?.cancel()
        releaseUnderlying()
    }

    /// Makes the underlying operation finish, for the plain operations that depend on this one:
    /// cancelled, so the queue never runs it, and added unless it already is in the queue.
    func releaseUnderlying() {
        let added = locked { () -> Bool in
            defer { underlyingAdded = true }
            return underlyingAdded
        }
        underlyingOperation.cancel()
        if !added, let queue = locked({ self.queue }) {
            try? queue.underlying.addOperation(underlyingOperation)
        }
    }

    /// The common end: finish observers (exactly once), categories given back, phase finished,
    /// the queue and a waiting group told. Called once per operation, in phase `finishing`.
    func completeFinish() {
        let (observers, errors, tickets, queue, faults) = locked {
            () -> (
                [any AdvancedObserver<Q>], [any Error], [ExclusivityManager.Ticket], AdvancedQueue<Q>?, AdvancedFaults
            ) in
            defer { self.tickets = [] }
            return (self.observers, collectedErrors, self.tickets, self.queue, self.faults)
        }
        if !faults.contains(.finishObserversNever) {
            for observer in observers { observer.operationDidFinish(self, errors: errors) }
            if faults.contains(.finishObserversTwice) {
                for observer in observers { observer.operationDidFinish(self, errors: errors) }
            }
        }
        for ticket in tickets { queue?.exclusivity.release(ticket) }
        locked {
            phase = .finished
            state.broadcast()
        }
        queue?.operationDidFinish(self, errors: errors)
    }
}

/// Hands a grant that arrives before its ticket was recorded to the moment it is.
final class PendingTicket: Sendable {
    /// Whether the ticket was recorded, and the grant's work that arrived before it was.
    private let state = Locked((isRecorded: false, deferred: (@Sendable () -> Void)?.none))

    func granted(then work: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.isRecorded { return true }
            state.deferred = work
            return false
        }
        if now { work() }
    }

    func recorded() {
        let work = state.withLock { state -> (@Sendable () -> Void)? in
            state.isRecorded = true
            defer { state.deferred = nil }
            return state.deferred
        }
        work?()
    }
}

/// Why an operation could not get its categories.
public enum ExclusivityError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The group around the operation holds categories for its children, but not these (the
    /// operation was added or produced after the group took them): acquiring them while the group
    /// holds others could deadlock, so the operation fails at once instead.
    case notHeldByEnclosingGroup(categories: [String], operation: OperationLabel)

    public var description: String {
        switch self {
        case .notHeldByEnclosingGroup(let categories, let operation):
            "\(operation) needs \(categories.joined(separator: ", ")), which the exclusive group around it did not take"
        }
    }
}

/// What `cancel()` does once it decided under the lock.
enum CancelAction { case none, finishWithoutBody, cancelUnderlying, finishWhileRunning }

/// What follows the evaluation of an operation's conditions, decided under its lock.
enum AfterConditions { case none, acquire, fail }
