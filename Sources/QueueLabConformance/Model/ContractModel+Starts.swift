import QueueLabCore

/// A clause broken, and how.
struct ModelViolation: Error, Sendable, CustomStringConvertible {
    let clause: ContractClause
    let message: String

    var description: String { "[\(clause.id)] \(message)" }
}

/// What a body saw as it began, read on its own thread.
struct StartRecord: Sendable {
    /// Dependencies (as the program set them) that were not finished.
    var unfinishedDependencies: [Int] = []
    /// For a barrier: operations added before it that were not finished.
    var unfinishedBefore: [Int] = []
    /// Barriers added before it whose block had not returned.
    var barriersRunning: [Int] = []
    var sawCancelled = false
}

extension ContractModel {
    /// Judges a body's start against every clause that governs it, then records it.
    mutating func observeStart(_ index: Int, _ record: StartRecord) -> ModelViolation? {
        let op = op(index)
        let name = "op\(index)"
        coverage.cover(.bodyOnce)
        if op.started {
            return ModelViolation(clause: .bodyOnce, message: "\(name)'s body started a second time")
        }
        guard let queue = op.queue else {
            return ModelViolation(
                clause: op.isBarrier ? .barrierAfter : .batchAtomic,
                message: "\(name)'s body started though the call that added it threw, so it is in no queue")
        }
        // What the body saw finished is finished: the model learns finishes it could not place.
        for dependency in op.dependencies where !record.unfinishedDependencies.contains(dependency) {
            observeFinished(dependency)
        }
        for earlier in op.before where !record.unfinishedBefore.contains(earlier) { observeFinished(earlier) }
        // cancelAllOperations reaches operations one by one: one released by an operation the
        // same call cancelled first may be handed to a worker before its own cancel lands (its
        // body then sees the flag either way). That every one was cancelled is read back.
        if op.cancelled && op.cancelledInBulk {
            coverage.cover(.cancelAll)
        } else if op.cancelled && !record.sawCancelled {
            // The body read the flag clear, so it began before the cancel() the model applied
            // first: a start the model could not place yet (behind an operation that may finish
            // at any moment) raced the call. A queue that runs a body after the cancel landed
            // hands it the flag set, which the branch below judges.
            coverage.cover(.cancelExecuting)
        } else if op.cancelled || record.sawCancelled {
            coverage.cover(.cancelBeforeStart)
            return ModelViolation(
                clause: .cancelBeforeStart,
                message: op.cancelled
                    ? "\(name)'s body started though it was cancelled before it started"
                    : "\(name)'s body saw isCancelled though nothing cancelled it (a dependent of a cancelled operation runs uncancelled)"
            )
        }
        if let dependency = record.unfinishedDependencies.first {
            let crossQueue = self.op(dependency).queue != queue
            return ModelViolation(
                clause: crossQueue ? .depsCrossQueue : .depsWait,
                message:
                    "\(name) started while its dependency op\(dependency)\(crossQueue ? " (another queue)" : "") was \(describe(dependency))"
            )
        }
        if let earlier = record.unfinishedBefore.first {
            return ModelViolation(
                clause: .barrierAfter,
                message: "barrier op\(index) started while op\(earlier), added before it, was \(describe(earlier))")
        }
        if judges(.barrierBefore), let barrier = record.barriersRunning.first {
            return ModelViolation(
                clause: .barrierBefore,
                message: "\(name) started while barrier op\(barrier), added before it, was unfinished")
        }
        if queues[queue].suspended {
            if !op.isBarrier {
                return ModelViolation(clause: .suspendHolds, message: "\(name) started while q\(queue) was suspended")
            }
            if judges(.barrierSuspended) {
                return ModelViolation(
                    clause: .barrierSuspended, message: "barrier \(name) started while q\(queue) was suspended")
            }
        }
        let executing = executingCount(queue)
        if executing >= queues[queue].width {
            return ModelViolation(
                clause: .widthBound,
                message:
                    "\(name) started while \(executing) operations executed in q\(queue) of width \(queues[queue].width)"
            )
        }
        coverage.cover(.widthBound)
        coverage.cover(.suspendHolds)
        if !op.dependencies.isEmpty { coverage.cover(.depsWait) }
        if op.dependencies.contains(where: { self.op($0).queue != queue }) { coverage.cover(.depsCrossQueue) }
        if !op.barriersBefore.isEmpty { coverage.cover(.barrierBefore) }
        if op.isBarrier && !op.before.isEmpty { coverage.cover(.barrierAfter) }
        let orderViolation = op.isBarrier ? nil : judgeOrder(of: index, in: queue)
        recordShare(of: index, in: queue)
        updateOp(index) {
            $0.started = true
            $0.listing = nil
            if $0.kind == .free { $0.released = true }
        }
        return orderViolation
    }

    /// The body returned (or `finish()` did): its slot is free for the width judgements.
    mutating func observeBodyEnded(_ index: Int) { updateOp(index) { $0.bodyEnded = true } }

    /// The operation was seen finished (its state, its completion handler, or a body that read it).
    mutating func observeFinished(_ index: Int) {
        guard !op(index).finished else { return }
        // A cancelled operation that never started is retired without its body: it ends the share
        // stretch, uncounted (see ``ShareWindow``).
        if op(index).cancelled && !op(index).started, let queue = op(index).queue, !op(index).isBarrier {
            breakShare(in: queue)
        }
        let placed = !mayFinishLater(index)
        updateOp(index) {
            $0.finished = true
            $0.listing = nil
        }
        let listing = Listing(key: takeKey(), step: step, certain: false, exact: placed)
        let followers =
            op(index).isBarrier && op(index).queue != nil
            ? queue(op(index).queue!).members.filter { op($0).barriersBefore.contains(index) } : []
        for dependent in dependents(of: index) + followers
        where op(dependent).listing == nil && isReady(dependent) && !op(dependent).cancelled
            && !isBehindBarrier(dependent)
        {
            coverage.cover(op(index).isBarrier ? .wakeBarrier : .wakeDependency)
            updateOp(dependent) { $0.listing = listing }
        }
    }

    private func describe(_ index: Int) -> String {
        let op = op(index)
        if op.finished { return "finished" }
        if op.started { return "executing" }
        return op.queue == nil ? "not in a queue" : "not started"
    }

    // MARK: Order

    /// The priority the queue must order each operation by: its own, or with inheritance the
    /// highest of what waits for it (unstarted, uncancelled, barriers included), transitively.
    /// One pass over the graph for all of them.
    func effectiveLevels() -> [Int] {
        let own = ops.map(\.level)
        guard promises.contains(.priorityInheritance) else { return own }
        var waiting = [[Int]](repeating: [], count: ops.count)
        for (index, op) in ops.enumerated() where !op.started && !op.cancelled {
            for target in op.dependencies + op.barriersBefore + op.before { waiting[target].append(index) }
        }
        var memo = [Int?](repeating: nil, count: ops.count)
        func effective(_ node: Int, _ depth: Int) -> Int {
            if let known = memo[node] { return known }
            memo[node] = own[node]  // a cycle ends here
            var level = own[node]
            if depth < 512 { for waiter in waiting[node] { level = max(level, effective(waiter, depth + 1)) } }
            memo[node] = level
            return level
        }
        return ops.indices.map { effective($0, 0) }
    }

    /// With inheritance, a ready operation whose effective priority changed is listed anew at it
    /// (the policy relists it, as for a priority change): called after every call.
    mutating func relistInherited() {
        guard promises.contains(.priorityInheritance) else { return }
        let levels = effectiveLevels()
        // Those one call raised or lowered are relisted together: the queue walks the edges in an
        // order of its own.
        let key = takeKey()
        for index in ops.indices {
            let known = op(index).lastEffective
            updateOp(index) { $0.lastEffective = levels[index] }
            guard let listing = op(index).listing, known >= 0, known != levels[index] else { continue }
            let relisted = Listing(key: key, step: step, certain: true, exact: listing.exact)
            updateOp(index) { $0.listing = relisted }
        }
    }

    /// The chain of waiting operations behind `index` (unstarted, uncancelled), capped.
    func chainRank(_ index: Int) -> Int {
        let cap = policy?.rankCap ?? 64
        var memo: [Int: Int] = [:]
        func height(_ node: Int, _ depth: Int) -> Int {
            if let known = memo[node] { return known }
            memo[node] = 0
            var best = 0
            if depth < cap {
                for dependent in waiters(of: node) where !op(dependent).started && !op(dependent).cancelled {
                    best = max(best, 1 + height(dependent, depth + 1))
                }
            }
            memo[node] = min(best, cap)
            return memo[node]!
        }
        return height(index, 0)
    }

    /// The operations that surely competed with a start: startable in its queue, listed before the
    /// call that led to the start or by that call itself.
    private func competitors(of index: Int, in queue: Int) -> [Int] {
        queues[queue].members.filter { other in
            guard other != index, isStartable(other), !op(other).isBarrier, let listing = op(other).listing else {
                return false
            }
            return listing.step < step || listing.certain
        }
    }

    /// Whether two listings' keys give the order they were made in.
    private func keysComparable(_ a: Listing, _ b: Listing) -> Bool {
        guard a.exact && b.exact else { return false }
        return a.certain || b.certain || a.step != b.step
    }

    private mutating func judgeOrder(of index: Int, in queue: Int) -> ModelViolation? {
        let others = competitors(of: index, in: queue)
        guard !others.isEmpty else { return nil }
        // Starts into several free slots are simultaneous and the log orders them arbitrarily.
        let slots = max(1, queues[queue].width - executingCount(queue))
        let model = self
        let started = op(index)
        let effective = effectiveLevels()
        let level = effective[index]
        let name = { (i: Int) -> String in
            let own = model.op(i).level
            let effective = effective[i]
            return "op\(i) (\(levelName(own))\(effective != own ? ", inheriting \(levelName(effective))" : ""))"
        }
        // A start breaks an order only when the operations it should have yielded to were at
        // least as many as the free slots; `why` says how the first of them was preferred.
        let breaks = { (clause: ContractClause, preferred: [Int], why: String) -> ModelViolation? in
            guard preferred.count >= slots, let first = preferred.first, model.judges(clause) else { return nil }
            return ModelViolation(
                clause: clause, message: "started \(name(index)) while \(name(first))\(why) was ready in q\(queue)")
        }
        if promises.contains(.strictPriority) {
            coverage.cover(.strictPriority)
            if promises.contains(.priorityInheritance) { coverage.cover(.inheritance) }
            let higher = others.filter { effective[$0] > level }
            let byOwn = higher.first.map { op($0).level > started.level } ?? true
            if let violation = breaks(byOwn ? .strictPriority : .inheritance, higher, "") { return violation }
        }
        guard let own = started.listing else { return nil }
        let sameLevel = others.filter { effective[$0] == level && op($0).level == started.level }
        let comparable = { (other: Int) in model.op(other).listing.map { model.keysComparable($0, own) } ?? false }
        let key = { (other: Int) in model.op(other).listing!.key }
        if promises.contains(.fifoWithinLevel), judges(.fifoWithinLevel) {
            if !sameLevel.isEmpty { coverage.cover(.fifoWithinLevel) }
            // Without a policy the order is Foundation's: by the order added as well as listed.
            let byAddOrder = policy == nil
            let earlier = sameLevel.filter {
                comparable($0) && key($0) < own.key && (!byAddOrder || op($0).addOrder < started.addOrder)
            }
            if let violation = breaks(.fifoWithinLevel, earlier, ", ready earlier at the same level,") {
                return violation
            }
        }
        if promises.contains(.lifoWithinLevel) {
            if !sameLevel.isEmpty { coverage.cover(.lifoWithinLevel) }
            let later = sameLevel.filter { comparable($0) && key($0) > own.key }
            if let violation = breaks(.lifoWithinLevel, later, ", ready later at the same level,") { return violation }
        }
        if promises.contains(.readyOrder) {
            coverage.cover(.readyOrder)
            let earlier = others.filter { comparable($0) && key($0) < own.key }
            if let violation = breaks(.readyOrder, earlier, ", ready earlier,") { return violation }
        }
        if promises.contains(.longestChainFirst), !sameLevel.isEmpty {
            coverage.cover(.longestChain)
            let peak = max(started.peakRank, chainRank(index))
            let longer = sameLevel.filter { chainRank($0) > peak }
            let why = longer.first.map { ", of the same level with chain rank \(chainRank($0)) to its \(peak)," } ?? ""
            if let violation = breaks(.longestChain, longer, why) { return violation }
        }
        return nil
    }

    /// Ranks seen now are remembered: a policy may keep a rank that later fell. Every queued
    /// operation that has not started, listed or not: a rank the graph raised while the
    /// operation waited behind a barrier or a dependency may stay raised when it is listed.
    mutating func notePeakRanks() {
        guard promises.contains(.longestChainFirst) else { return }
        for index in ops.indices where op(index).queue != nil && !op(index).started && !op(index).finished {
            let rank = chainRank(index)
            if rank > op(index).peakRank { updateOp(index) { $0.peakRank = rank } }
        }
    }

    // MARK: Shares

    /// Counts a start (or the retirement of a cancelled operation) toward its width-1 queue's
    /// current stretch (see ``ShareWindow``).
    private mutating func recordShare(of index: Int, in queue: Int) {
        guard promises.contains(.weightedShares), policy?.shareWeights != nil, queues[queue].width == 1 else { return }
        var busy = Set(queues[queue].members.filter { isStartable($0) && !op($0).isBarrier }.map { op($0).level })
        busy.insert(op(index).level)
        if busy != queues[queue].window.levels {
            pendingShareViolation = pendingShareViolation ?? closeWindow(queue)
            updateQueue(queue) { $0.window = ShareWindow(levels: busy) }
        }
        let level = op(index).level
        updateQueue(queue) { $0.window.starts[level] += 1 }
    }

    /// Ends the queue's stretch at the retirement of a cancelled operation, which does not count.
    private mutating func breakShare(in queue: Int) {
        guard promises.contains(.weightedShares), policy?.shareWeights != nil, queues[queue].width == 1 else { return }
        pendingShareViolation = pendingShareViolation ?? closeWindow(queue)
    }

    /// Ends the queue's stretch: its verdict, if it broke the promise.
    mutating func closeWindow(_ queue: Int) -> ModelViolation? {
        let window = queues[queue].window
        updateQueue(queue) { $0.window = ShareWindow() }
        guard let weights = policy?.shareWeights, window.levels.count >= 2 else { return nil }
        coverage.cover(.weightedShares)
        return window.violation(weights: weights).map { ModelViolation(clause: .weightedShares, message: $0) }
    }
}
