import QueueLabCore

/// What a call must do, as the model says before it is made.
enum CallExpectation {
    case succeeds
    /// Must throw one of the errors `accepts` takes, and change nothing.
    case fails(ContractClause, String, @Sendable (QueueError) -> Bool)
    /// Must throw ``QueueError/dependencyCycle(members:)`` naming a cycle through the new edge.
    case cycle(dependent: Int, dependency: Int)
    /// A wait that must return finished.
    case waitFinishes(ContractClause)
    /// A bounded wait that must time out: these covered operations cannot finish.
    case waitTimesOut(ContractClause, stuck: [Int])
}

extension ContractModel {
    /// Whether the program may make the call in this state (the generator's and shrinking's
    /// precondition): every call it names exists, and its outcome is one the model can tell.
    func isApplicable(_ call: ModelCall) -> Bool {
        let exists = { (op: Int) in op < self.operationCount }
        let alive = { (queue: Int) in queue < self.queueCount && !self.queue(queue).dropped }
        switch call {
        case .make(let op, _, _): return op == operationCount
        case .add(let op, let queue):
            guard exists(op), alive(queue), !self.op(op).isBarrier, self.op(op).kind != .free else { return false }
            return self.op(op).queue == nil || capabilities.contains(.misuseErrors)
        case .addBatch(let ops, let queue, let wait):
            guard alive(queue), !ops.isEmpty, ops.allSatisfy(exists), ops.allSatisfy({ !self.op($0).isBarrier }) else {
                return false
            }
            let valid = batchIsValid(ops)
            if !valid { return capabilities.contains(.misuseErrors) && !wait }
            if wait {
                // It returns only if every member finishes without another call: free bodies
                // with no edges, a slot free and nothing ahead of them.
                return ops.allSatisfy { self.op($0).kind == .free && self.op($0).dependencies.isEmpty }
                    && !self.queue(queue).suspended && hasFreeSlot(queue)
                    && !self.queue(queue).members.contains {
                        !self.op($0).finished && (!self.op($0).started || self.op($0).isBarrier)
                    }
            }
            return ops.allSatisfy { self.op($0).kind != .free || dependents(of: $0).isEmpty }
        case .addDependency(let op, let on):
            // Also to an operation that started: it changes nothing for it.
            guard exists(op), exists(on), !self.op(op).isBarrier, !self.op(on).isBarrier,
                !self.op(op).cancelled || self.op(op).started, !self.op(op).dependencies.contains(on),
                self.op(on).kind != .free
            else { return false }
            // Whether a queue looks for cycles through work that already started, or through a
            // cancelled operation not yet finished, is not promised: no such edge is made.
            if self.op(op).started { return op != on && !waits(on, for: op) }
            if let cycle = path(from: on, to: op),
                cycle.contains(where: { self.op($0).started || self.op($0).cancelled })
            {
                return false
            }
            // A queue that accepts cycles is given them too: its members must never run.
            return op != on || capabilities.contains(.cycleRejection)
        case .removeDependency(let op, let on):
            guard exists(op), exists(on), self.op(op).dependencies.contains(on), !self.op(op).started else {
                return false
            }
            // A declared deviation (Foundation's): removing a dependency of a queued operation can
            // strand it, whether or not others remain or the one removed finished.
            return judges(.wakeEdgeRemoved) || self.op(op).queue == nil
        case .cancel(let op): return exists(op) && !self.op(op).isBarrier
        // Whether a cancel reaches a barrier is not promised (Foundation leaves them out), and a
        // barrier's finish cannot be seen: no cancelAll while one waits.
        case .cancelAll(let queue):
            return alive(queue) && !self.queue(queue).members.contains { self.op($0).isBarrier && !self.op($0).started }
        case .read(let queue): return alive(queue)
        // A suspended queue dropped can never be resumed: its work would wait for good, rightly.
        case .dropQueue(let queue): return alive(queue) && !self.queue(queue).suspended
        case .setPriority(let op, _), .readOperation(let op): return exists(op) && !self.op(op).isBarrier
        case .setWidth(let queue, let width): return alive(queue) && width >= 1
        case .setSuspended(let queue, _): return alive(queue)
        // An implementation that declares it runs work beside a barrier gets none: what waits
        // behind one could start at any moment, racing every later call.
        case .addBarrier(let op, let queue): return op == operationCount && alive(queue) && judges(.barrierBefore)
        case .release(let op):
            return exists(op) && self.op(op).started && !self.op(op).released && self.op(op).kind != .free
        case .misuseFinish(let op):
            guard exists(op), capabilities.contains(.misuseErrors), !self.op(op).isBarrier else { return false }
            let target = self.op(op)
            return target.kind != .async || !target.started || target.released
        case .waitQueue(let queue, let bounded):
            guard alive(queue) else { return false }
            return waitIsDecided(self.queue(queue).members, bounded: bounded)
        case .waitOperation(let op, let bounded):
            guard exists(op), !self.op(op).isBarrier, self.op(op).queue != nil else { return false }
            return waitIsDecided([op], bounded: bounded)
        }
    }

    /// Members neither in a queue nor finished, nor twice in the batch.
    func batchIsValid(_ members: [Int]) -> Bool {
        Set(members).count == members.count && members.allSatisfy { op($0).queue == nil && !op($0).finished }
    }

    /// Every covered operation finished, or (bounded only) at least one cannot finish and none
    /// is in a state whose finish the model cannot place.
    private func waitIsDecided(_ covered: [Int], bounded: Bool) -> Bool {
        let open = covered.filter { !op($0).finished }
        if open.isEmpty { return true }
        return bounded && open.allSatisfy { !mayFinishLater($0) && !(op($0).released) } && open.contains { isStuck($0) }
    }

    /// Applies the call to the model and says what the queue must answer. Call on a copy: a call
    /// the implementation refuses (``QueueError/refused(_:)``) leaves the model as it was.
    mutating func apply(_ call: ModelCall) -> CallExpectation {
        beginStep()
        defer { relistInherited() }
        switch call {
        case .make(let op, let kind, let level):
            appendOp(Op(index: op, kind: kind, level: level))
            return .succeeds
        case .add(let op, let queue):
            return add([op], to: queue)
        case .addBatch(let ops, let queue, _):
            return add(ops, to: queue)
        case .addDependency(let op, let on):
            return addDependency(op, on: on)
        case .removeDependency(let op, let on):
            let wasReady = isReady(op)
            updateOp(op) { $0.dependencies.removeAll { $0 == on } }
            coverage.cover(.depsRemoved)
            if !wasReady && isReady(op) && !self.op(op).cancelled {
                coverage.cover(.wakeEdgeRemoved)
                listIfReady(op, certain: true)
            }
            return .succeeds
        case .cancel(let op):
            cancel(op)
            return .succeeds
        case .cancelAll(let queue):
            coverage.cover(.cancelAll)
            // Finished members too: a queue publishes a finish before it drops the operation from
            // its list (as Foundation's does), so its cancelAll may still reach a member whose
            // finish was seen, and `cancel` lets that flag read either way, as after a late cancel().
            for member in self.queue(queue).members where !self.op(member).isBarrier {
                if !self.op(member).cancelled && !self.op(member).finished {
                    updateOp(member) { $0.cancelledInBulk = true }
                }
                cancel(member)
            }
            return .succeeds
        case .setPriority(let op, let level):
            let relists = policy?.relistsOnPriorityChange ?? true
            updateOp(op) { $0.level = level }
            if let listing = self.op(op).listing {
                coverage.cover(.relist)
                if let queue = self.op(op).queue { pendingShareViolation = pendingShareViolation ?? closeWindow(queue) }
                // A policy that ignores the change keeps the listing as it was, its step and
                // certainty included: stamping it with this call would order it against listings
                // it was never ordered against (two releases of one step, seen in either order).
                if relists {
                    let relisted = Listing(key: takeKey(), step: step, certain: true, exact: listing.exact)
                    updateOp(op) { $0.listing = relisted }
                }
            }
            return .succeeds
        case .setWidth(let queue, let width):
            if width > self.queue(queue).width { coverage.cover(.wakeWidth) }
            if width < executingCount(queue) { coverage.cover(.widthBound) }
            updateQueue(queue) { $0.width = width }
            return .succeeds
        case .setSuspended(let queue, let suspended):
            if !suspended && self.queue(queue).suspended { coverage.cover(.wakeResume) }
            updateQueue(queue) { $0.suspended = suspended }
            return .succeeds
        case .addBarrier(let op, let queue):
            var barrier = Op(index: op, kind: .barrier, level: QueuePriority.normal.level)
            barrier.queue = queue
            barrier.before = self.queue(queue).members.filter { !self.op($0).finished }
            barrier.barriersBefore = self.queue(queue).members.filter { self.op($0).isBarrier && !self.op($0).finished }
            barrier.addOrder = takeAddOrder()
            appendOp(barrier)
            updateQueue(queue) { $0.members.append(op) }
            coverage.cover(.wakeBarrier, barrier.before.isEmpty ? 0 : 1)
            coverage.cover(.barrierSuspended, self.queue(queue).suspended ? 1 : 0)
            notePeakRanks()
            return .succeeds
        case .release(let op):
            updateOp(op) { $0.released = true }
            if self.op(op).kind == .async {
                updateOp(op) { $0.bodyEnded = true }
                coverage.cover(.asyncHolds)
            } else {
                coverage.cover(.syncFinishes)
            }
            if let queue = self.op(op).queue { coverage.cover(.wakeSlot, startableCount(queue) > 0 ? 1 : 0) }
            return .succeeds
        case .misuseFinish(let op):
            coverage.cover(.misuseFinish)
            let label = "op\(op)"
            if self.op(op).kind == .async {
                return .fails(.misuseFinish, "finish() of \(label), asynchronous and not executing") {
                    if case .notExecuting = $0 { return true }
                    return false
                }
            }
            return .fails(.misuseFinish, "finish() of \(label), synchronous") {
                if case .notAsynchronous = $0 { return true }
                return false
            }
        case .waitQueue(let queue, _):
            coverage.cover(.waitQueue)
            let open = self.queue(queue).members.filter { !self.op($0).finished }
            return open.isEmpty ? .waitFinishes(.waitQueue) : .waitTimesOut(.waitQueue, stuck: open.filter(isStuck))
        case .waitOperation(let op, _):
            coverage.cover(.waitOperation)
            return self.op(op).finished ? .waitFinishes(.waitOperation) : .waitTimesOut(.waitOperation, stuck: [op])
        case .read, .readOperation:
            coverage.cover(.reads)
            return .succeeds
        case .dropQueue(let queue):
            if !unfinished(queue).isEmpty { coverage.cover(.lifetimeBusy) }
            updateQueue(queue) { $0.dropped = true }
            return .succeeds
        }
    }

    func startableCount(_ queue: Int) -> Int { self.queue(queue).members.count { isStartable($0) } }

    private mutating func add(_ members: [Int], to queue: Int) -> CallExpectation {
        guard batchIsValid(members) else {
            coverage.cover(.misuseAdd)
            if members.count > 1 { coverage.cover(.batchAtomic) }
            return .fails(
                members.count > 1 ? .batchAtomic : .misuseAdd,
                "adding \(members.map { "op\($0)" }.joined(separator: ", ")), one already queued or finished or listed twice"
            ) {
                switch $0 {
                case .alreadyEnqueued, .alreadyStarted, .alreadyFinished: true
                default: false
                }
            }
        }
        if members.count > 1 { coverage.cover(.batchAtomic) }
        if startableCount(queue) == 0 && hasFreeSlot(queue) && !self.queue(queue).suspended {
            coverage.cover(.wakeAdd)
        }
        let barriers = self.queue(queue).members.filter { op($0).isBarrier && !op($0).finished }
        for member in members {
            let order = takeAddOrder()
            updateOp(member) {
                $0.queue = queue
                $0.addOrder = order
                $0.barriersBefore = barriers
            }
            updateQueue(queue) { $0.members.append(member) }
            if op(member).cancelled { coverage.cover(.cancelBeforeStart) }
            if op(member).dependencies.contains(where: { self.op($0).finished }) { coverage.cover(.depsFinished) }
            listIfReady(member, certain: true)
        }
        // The queue's graph knows the member's chain from the add on, even a chain through work
        // that is cancelled later (heights that fell may stay raised).
        notePeakRanks()
        return .succeeds
    }

    private mutating func addDependency(_ op: Int, on: Int) -> CallExpectation {
        if op == on || waits(on, for: op) {
            coverage.cover(capabilities.contains(.cycleRejection) ? .cycleRejected : .cycleDeadlock)
            if capabilities.contains(.cycleRejection) { return .cycle(dependent: op, dependency: on) }
        }
        let wasReady = isReady(op)
        updateOp(op) { $0.dependencies.append(on) }
        if self.op(on).finished { coverage.cover(.depsFinished) }
        if self.op(op).queue != nil && !self.op(op).started {
            coverage.cover(.depsLate)
            if wasReady && !isReady(op) { updateOp(op) { $0.listing = nil } }
        }
        notePeakRanks()
        return .succeeds
    }

    private mutating func cancel(_ index: Int) {
        let target = op(index)
        if target.finished { updateOp(index) { $0.cancelledLate = true } }
        guard !target.finished, !target.cancelled else { return }
        if target.started {
            coverage.cover(.cancelExecuting)
        } else if let queue = target.queue {
            coverage.cover(queues[queue].suspended ? .cancelSuspended : .cancelBeforeStart)
            if !target.dependencies.allSatisfy({ op($0).finished }) { coverage.cover(.wakeCancel) }
            pendingShareViolation = pendingShareViolation ?? closeWindow(queue)
        }
        updateOp(index) {
            $0.cancelled = true
            $0.listing = nil
        }
        notePeakRanks()
    }
}
