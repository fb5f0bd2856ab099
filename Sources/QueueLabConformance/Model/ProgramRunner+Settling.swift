import Foundation
import QueueLabCore

/// After each call: the queue's moves fed to the model, and a bounded wait until it did what the
/// model says it must, naming what is stuck when it did not.
extension ProgramRunner {
    func settle(after call: ModelCall) throws(ModelViolation) {
        // The bound is on silence, not on the whole settling: each start restarts it, up to eight
        // bounds in all. A queue whose threads are all blocked in bodies may start the next body
        // only when its thread pool grows (Foundation on Linux: about one start every half second
        // once the pool's threads block), which is slow but not stuck; a lost wake-up starts
        // nothing and still fails after one bound.
        var deadline = Deadline(after: patience)
        let cap = Deadline(after: patience * 8)
        var starts = startsSeen
        var quietUntil: UInt64?
        while true {
            try absorb()
            pollFinishes()
            try absorb()
            if let stuck = unsettled() {
                quietUntil = nil
                if startsSeen != starts {
                    starts = startsSeen
                    deadline = Deadline(after: patience)
                }
                if deadline.hasPassed || cap.hasPassed { throw liveness(stuck, after: call) }
                events.awaitEvent(.milliseconds(2))
                continue
            }
            // Settled: watch a moment for a start the model forbids (width, suspension, order).
            let watchFor = quiet.nanoseconds
            if watchFor == 0 || !model.queues.indices.contains(where: { model.startableCount($0) > 0 }) { break }
            let end = quietUntil ?? MonotonicClock.now() &+ watchFor
            quietUntil = end
            // One reading of the clock: a second one could pass `end` and make the wait negative.
            let now = MonotonicClock.now()
            if now >= end { break }
            events.awaitEvent(.nanoseconds(Int64(end - now)))
        }
        try awaitReleasedDependents()
        try checkStates(touched: call.operations + moved)
        moved = []
    }

    /// The model lists an operation ready when it sees the finish that released it, but the queue
    /// releases dependents in a step of its own after the finish is visible (a barrier's body
    /// returning, a dependency reading finished). A call made in between could list another
    /// operation ahead of them in the queue and behind them in the model, a false order verdict.
    /// So before the next call each such operation must read ready (bounded); one that still does
    /// not is ordered against nothing.
    func awaitReleasedDependents() throws(ModelViolation) {
        var bound = LagBound(patience: patience)
        for index in model.ops.indices {
            while let listing = model.op(index).listing, !listing.certain, listing.exact,
                let real = operations[index], real.state == .pending
            {
                if bound.hasPassed {
                    model.updateOp(index) { $0.listing?.exact = false }
                    break
                }
                events.awaitEvent(.milliseconds(1))
                bound.tookTurn()
                try absorb()
            }
        }
    }

    /// Feeds the events so far to the model and the transition paths.
    func absorb() throws(ModelViolation) {
        for event in events.drain() {
            switch event {
            case .started(let index, let record):
                moved.insert(index)
                startsSeen += 1
                if let violation = model.observeStart(index, record) { throw violation }
            case .ended(let index):
                moved.insert(index)
                model.observeBodyEnded(index)
            case .completion(let index, let finishedFirst):
                let op = model.op(index)
                if op.started && !op.released && op.kind != .free {
                    throw ModelViolation(
                        clause: op.kind == .async ? .asyncHolds : .syncFinishes,
                        message:
                            "op\(index) finished (its completion handler ran) before the program \(op.kind == .async ? "called finish()" : "released its body")"
                    )
                }
                model.updateOp(index) { $0.completions += 1 }
                model.coverage.cover(.completionOnce)
                model.coverage.cover(.completionPrompt)
                if !finishedFirst || model.op(index).completions > 1 {
                    throw ModelViolation(
                        clause: .completionOnce,
                        message: finishedFirst
                            ? "op\(index)'s completion handler ran twice"
                            : "op\(index)'s completion handler ran before it finished")
                }
                model.observeFinished(index)
            case .transition(let index, let transition):
                model.coverage.cover(.observerPath)
                if let problem = paths[index, default: TransitionPath()].take(transition) {
                    throw ModelViolation(clause: .observerPath, message: "op\(index): \(problem)")
                }
            }
            if let violation = model.pendingShareViolation { throw violation }
        }
    }

    /// Reads the state of the operations whose finish the model awaits or cannot place.
    func pollFinishes() {
        for index in model.ops.indices where !model.op(index).finished && model.op(index).queue != nil {
            let op = model.op(index)
            guard op.released || op.cancelled || op.kind == .free else { continue }
            if let real = operations[index], real.isFinished {
                model.observeFinished(index)
                moved.insert(index)
            }
            if op.isBarrier && op.released && op.bodyEnded { model.observeFinished(index) }
        }
    }

    /// Why the queues are not yet where the model says they must be, or nil.
    func unsettled() -> String? {
        for index in model.ops.indices where !model.op(index).finished && model.op(index).queue != nil {
            let op = model.op(index)
            if op.released && op.kind != .async && !op.bodyEnded {
                return "op\(index)'s released body has not returned"
            }
            if op.released || (op.started && op.kind == .free) { return "op\(index) was released but is not finished" }
            if (op.cancelled) && !op.started && !model.mayFinishLater(index) {
                return "op\(index) was cancelled before it started and is not finished"
            }
        }
        for index in model.ops.indices where model.op(index).finished && model.op(index).queue != nil {
            let op = model.op(index)
            if !op.isBarrier && op.completions == 0 && model.judges(.completionPrompt) {
                return "op\(index) finished but its completion handler has not run"
            }
            if observed && !op.isBarrier && !(paths[index]?.sawFinished ?? false) {
                return "op\(index) finished but its `finished` transition never arrived"
            }
        }
        for queue in model.queues.indices where model.hasFreeSlot(queue) {
            if let ready = model.queue(queue).members.first(where: { model.isStartable($0) }) {
                return
                    "op\(ready) is ready in q\(queue) (\(model.executingCount(queue)) of \(model.queue(queue).width) executing, not suspended) but has not started"
            }
        }
        return nil
    }

    func liveness(_ stuck: String, after call: ModelCall) -> ModelViolation {
        let clause: ContractClause
        if stuck.contains("completion handler") {
            clause = .completionPrompt
        } else if stuck.contains("transition") {
            clause = .observerPath
        } else if stuck.contains("cancelled") {
            clause = .cancelBeforeStart
        } else if stuck.contains("released") {
            clause = stuck.contains("body") ? .syncFinishes : .asyncHolds
        } else {
            switch call {
            case .add, .addBatch: clause = .wakeAdd
            case .setSuspended: clause = .wakeResume
            case .setWidth: clause = .wakeWidth
            case .removeDependency: clause = .wakeEdgeRemoved
            case .cancel, .cancelAll: clause = .wakeCancel
            case .dropQueue: clause = .lifetimeBusy
            case .release(let index):
                clause =
                    model.op(index).isBarrier
                    ? .wakeBarrier : (model.dependents(of: index).isEmpty ? .wakeSlot : .wakeDependency)
            default: clause = .wakeSlot
            }
        }
        return ModelViolation(
            clause: clause,
            message:
                "after `\(call)`, within \(patience) (of the call or of the last start since): \(stuck); \(stallReport())"
        )
    }

    /// What is stuck: every unfinished operation, as the model holds it and as it reads.
    func stallReport() -> String {
        let open = model.ops.indices.filter { !model.op($0).finished && model.op($0).queue != nil }
        let lines = open.prefix(24).map { index in
            "op\(index) in q\(model.op(index).queue!): \(describe(index)), reads \(operations[index].map { "\($0.state)" } ?? "(barrier)")"
        }
        return "unfinished: " + (lines.isEmpty ? "none" : lines.joined(separator: "; "))
            + (open.count > 24 ? "; and \(open.count - 24) more" : "")
    }

    /// The states of the operations the call named, of those that moved, and of a few others.
    func checkStates(touched: [Int]) throws(ModelViolation) {
        var indices = Set(touched.filter { $0 < operations.count })
        for _ in 0..<4 where !operations.isEmpty { indices.insert(context.rng.int(in: 0...(operations.count - 1))) }
        var bound = LagBound(patience: patience)
        for index in indices.sorted() {
            guard let op = operations[index] else { continue }
            model.coverage.cover(.states)
            // A state may be published a moment after the call that changed it (an actor's hop):
            // it must arrive within the bound. A start that happened meanwhile is judged first.
            var state = op.state
            var allowed = allowedStates(index)
            while !allowed.contains(state) && !bound.hasPassed {
                events.awaitEvent(.milliseconds(1))
                bound.tookTurn()
                try absorb()
                state = op.state
                allowed = allowedStates(index)
            }
            if !allowed.contains(state) {
                throw ModelViolation(
                    clause: .states,
                    message:
                        "op\(index) reads \(state) where the model allows \(allowed.sorted().map(\.description).joined(separator: " or ")) (\(describe(index)))"
                )
            }
        }
    }

    func allowedStates(_ index: Int) -> Set<OperationState> {
        let op = model.op(index)
        if op.finished { return [.finished] }
        if op.started { return op.released ? [.executing, .finished] : [.executing] }
        if op.queue == nil { return op.cancelled ? [.pending, .ready, .finished] : [.pending, .ready] }
        if op.cancelled { return [.ready, .finished] }
        // A queue that declares it runs work beside a barrier may start this one at any time.
        if !model.judges(.barrierBefore) && model.isBehindBarrier(index) { return [.pending, .ready, .executing] }
        // Ready may be published after the add returns (an actor's hop, a suspended queue), so
        // a free operation may still read pending; one with an unfinished dependency never reads ready.
        return model.dependenciesMet(index) ? [.pending, .ready] : [.pending]
    }

    func flushShares() throws(ModelViolation) {
        for queue in model.queues.indices {
            if let violation = model.closeWindow(queue) { throw violation }
        }
    }
}
