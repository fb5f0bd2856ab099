import Foundation
import QueueLabCore

/// Runs one program against fresh queues of a recipe, the model beside them: after every call it
/// judges the answer, then waits (bounded) until the queues did all the model says they must,
/// judging every start, finish and transition on the way. The first broken clause ends the run.
final class ProgramRunner<Q: OperationQueueing> {
    private let context: ScenarioContext
    private let events: ProgramEvents<Q.Operation>
    private var queues: [Q?]
    private var operations: [Q.Operation?] = []
    private(set) var model: ContractModel
    /// The calls made (a refused or inapplicable one is left out): what shrinking works on.
    private(set) var made: [ModelCall] = []
    private var paths: [Int: TransitionPath] = [:]
    /// Operations that started, ended or finished since the last state check.
    private var moved: Set<Int> = []
    private let observed: Bool
    private let patience: Duration
    /// How long a settled state is watched for a start the model forbids.
    private let quiet: Duration

    init(_ context: ScenarioContext, widths: [Int], quiet: Duration) {
        self.context = context
        events = ProgramEvents(watch: context.progress)
        observed = context.has(.stateObservation)
        patience = context.patience(atLeast: .seconds(2))
        self.quiet = quiet
        let deviated = Set(
            ContractClause.all.filter { clause in
                Q.knownDeviations.contains { $0.checkID == clause.id || clause.deviationCheckIDs.contains($0.checkID) }
            }.map(\.id))
        model = ContractModel(
            queues: widths, promises: context.promises, policy: context.policy, capabilities: context.capabilities,
            deviated: deviated)
        queues = widths.indices.map { index in
            let queue: Q = context.makeQueue("q\(index)")
            queue.maxConcurrentOperationCount = widths[index]
            return queue
        }
        if observed { for queue in queues { queue?.setStateObserver(events) } }
    }

    deinit { events.abandon() }

    /// Makes `call` when the model says it applies; returns whether it was made.
    func make(_ call: ModelCall) throws(ModelViolation) -> Bool {
        guard model.isApplicable(call) else { return false }
        context.currentPhase = "model program, call \(made.count + 1): \(call)"
        var next = model
        let expectation = next.apply(call)
        let outcome = perform(call)
        if case .refused = outcome.error { return false }
        model = next
        made.append(call)
        notePaths(after: call)
        try judge(call, expectation, outcome)
        try settle(after: call)
        if case .succeeds = expectation { try readBack(call) }
        return true
    }

    /// Ends the program: everything cancelled, released and resumed must finish.
    func finish() throws(ModelViolation) {
        context.currentPhase = "model program, clean-up after \(made.count) calls"
        try absorb()
        try flushShares()
        // Cancel first, so that nothing the resume lets start runs a body; then open every gate.
        events.abandon()
        for index in model.ops.indices where !model.op(index).finished { operations[index]?.cancel() }
        for index in queues.indices {
            guard let queue = queues[index] else { continue }
            queue.isSuspended = false
            queue.maxConcurrentOperationCount = max(4, model.queue(index).width)
        }
        let deadline = Deadline(after: patience * 2)
        let queued = model.ops.indices.filter { model.op($0).queue != nil }
        while true {
            var open: [Int] = []
            for index in queued {
                guard let op = operations[index], !op.isFinished else { continue }
                if op.isAsynchronous && op.isExecuting { try? op.finish() }
                if !op.isFinished { open.append(index) }
            }
            guard let stuck = open.first else { return }
            if deadline.hasPassed {
                let dropped = model.op(stuck).queue.map { model.queue($0).dropped } ?? false
                throw ModelViolation(
                    clause: dropped ? .lifetimeBusy : .cancelBeforeStart,
                    message: "clean-up: op\(stuck) (\(operations[stuck]!.state)) and \(open.count - 1) more never finished after everything was cancelled, released and resumed\(dropped ? " (its queue was dropped)" : "")")
            }
            events.awaitEvent(.milliseconds(2))
            _ = events.drain()
        }
    }

    // MARK: Calls

    private struct Outcome {
        var error: QueueError?
        var wait: WaitOutcome?
        var returned = true
    }

    private func perform(_ call: ModelCall) -> Outcome {
        var outcome = Outcome()
        do throws(QueueError) {
            switch call {
            case .make(let index, let kind, let level):
                let op = makeOperation(index, kind: kind, level: level)
                operations.append(op)
                events.register(op, as: index)
            case .add(let index, let queue):
                noteBarriers(before: [index], in: queue)
                try queues[queue]!.addOperation(operations[index]!)
            case .addBatch(let indices, let queue, let wait):
                noteBarriers(before: indices, in: queue)
                let batch = indices.map { operations[$0]! }
                if wait {
                    let target = queues[queue]!
                    outcome = blocking { () throws(QueueError) in try target.addOperations(batch, waitUntilFinished: true) }
                } else {
                    try queues[queue]!.addOperations(batch, waitUntilFinished: false)
                }
            case .addDependency(let index, let on):
                try operations[index]!.addDependency(operations[on]!)
                events.setDependencies(model.op(index).dependencies + [on], of: index)
            case .removeDependency(let index, let on):
                events.setDependencies(model.op(index).dependencies.filter { $0 != on }, of: index)
                operations[index]!.removeDependency(operations[on]!)
            case .cancel(let index): operations[index]!.cancel()
            case .cancelAll(let queue): queues[queue]!.cancelAllOperations()
            case .setPriority(let index, let level): operations[index]!.queuePriority = QueuePriority(level: level)
            case .setWidth(let queue, let width): queues[queue]!.maxConcurrentOperationCount = width
            case .setSuspended(let queue, let suspended): queues[queue]!.isSuspended = suspended
            case .addBarrier(let index, let queue):
                operations.append(nil)
                let members = model.queue(queue).members.filter { !model.op($0).finished }
                events.setBarrierContext(
                    of: index, before: members, barriers: members.filter { model.op($0).isBarrier })
                let (events, limit) = (self.events, context.timeBound * 8)
                try queues[queue]!.addBarrierBlock {
                    events.bodyBegins(index, sawCancelled: false)
                    events.hold(index, limit: limit)
                    events.bodyEnds(index)
                }
            case .release(let index):
                if model.op(index).kind == .async {
                    try operations[index]!.finish()
                    events.bodyEnds(index)
                } else {
                    events.open(index)
                }
            case .misuseFinish(let index): try operations[index]!.finish()
            case .waitQueue(let queue, let bounded):
                if bounded {
                    outcome.wait = queues[queue]!.waitUntilAllOperationsAreFinished(timeout: waitTimeout(call))
                } else {
                    let target = queues[queue]!
                    outcome = blocking { () throws(QueueError) in target.waitUntilAllOperationsAreFinished() }
                }
            case .waitOperation(let index, let bounded):
                let op = operations[index]!
                if bounded {
                    outcome.wait = op.waitUntilFinished(timeout: waitTimeout(call)) ? .finished : .timedOut(
                        StallReport(queueName: nil, isSuspended: false, entries: []))
                } else {
                    outcome = blocking { () throws(QueueError) in op.waitUntilFinished() }
                }
            case .read, .readOperation: break
            case .dropQueue(let queue): queues[queue] = nil
            }
        } catch {
            outcome.error = error
        }
        return outcome
    }

    /// An operation added with every dependency finished (or none), uncancelled, to a queue that
    /// never had a barrier, is reported `ready` first, never `pending` (the table of cases).
    private func notePaths(after call: ModelCall) {
        let members: [Int]
        switch call {
        case .add(let op, _): members = [op]
        case .addBatch(let ops, _, _): members = ops
        default: return
        }
        // A refused add (misuse) leaves the path its first add began.
        for member in members where model.op(member).queue != nil && paths[member] == nil {
            let op = model.op(member)
            // A barrier's finish is inferred from its block's return, a moment early: behind
            // any barrier the first report may still be `pending`.
            let queue = model.queue(op.queue!)
            let readyFirst = !op.cancelled && model.dependenciesMet(member)
                && !queue.members.contains { model.op($0).isBarrier }
            paths[member] = TransitionPath(readyFirst: readyFirst)
        }
    }

    /// Tells the bodies of operations about to be added which barriers they must not overtake.
    private func noteBarriers(before members: [Int], in queue: Int) {
        let barriers = model.queue(queue).members.filter { model.op($0).isBarrier && !model.op($0).finished }
        // A refused add (misuse) keeps the context of the add that queued it.
        for member in members where model.op(member).queue == nil {
            events.setBarrierContext(of: member, before: [], barriers: barriers)
        }
    }

    /// A wait that must return at once gets the patience; one that must time out, 2 ms.
    private func waitTimeout(_ call: ModelCall) -> Duration {
        var copy = model
        if case .waitFinishes = copy.apply(call) { return patience }
        return .milliseconds(2)
    }

    /// Runs a call that may block on a thread of its own, bounded by the patience: a call that
    /// does not return is reported, and its thread left blocked.
    private func blocking(_ work: @escaping @Sendable () throws(QueueError) -> Void) -> Outcome {
        let done = ProgramCallResult()
        let thread = Thread {
            do throws(QueueError) {
                try work()
                done.set(nil)
            } catch {
                done.set(error)
            }
        }
        thread.start()
        guard let error = done.wait(patience) else { return Outcome(error: nil, wait: nil, returned: false) }
        return Outcome(error: error.error, wait: nil, returned: true)
    }

    private func makeOperation(_ index: Int, kind: BodyKind, level: Int) -> Q.Operation {
        let (events, limit) = (self.events, context.timeBound * 8)
        let body: OperationBody<Q.Operation>
        switch kind {
        case .held, .barrier:
            body = .synchronous { op in
                events.bodyBegins(index, sawCancelled: op.isCancelled)
                events.hold(index, limit: limit)
                events.bodyEnds(index)
            }
        case .free:
            body = .synchronous { op in
                events.bodyBegins(index, sawCancelled: op.isCancelled)
                events.bodyEnds(index)
            }
        case .async:
            body = .asynchronous { op in events.bodyBegins(index, sawCancelled: op.isCancelled) }
        }
        let op = Q.Operation(name: "op\(index)", priority: QueuePriority(level: level), body: body)
        op.completionHandler = { events.completed(index) }
        return op
    }

    // MARK: Judging answers

    private func judge(_ call: ModelCall, _ expectation: CallExpectation, _ outcome: Outcome) throws(ModelViolation) {
        guard outcome.returned else {
            let clause: ContractClause = if case .waitOperation = call { .waitOperation } else { .waitQueue }
            throw ModelViolation(
                clause: clause, message: "`\(call)` did not return within \(patience), though everything it waits for finished or could")
        }
        switch expectation {
        case .succeeds:
            if let error = outcome.error {
                throw ModelViolation(clause: clause(of: call), message: "`\(call)` threw \(error); nothing in the contract refuses it")
            }
            if case .addBatch(let members, _, true) = call,
                let open = members.first(where: { !(operations[$0]?.isFinished ?? true) })
            {
                throw ModelViolation(
                    clause: .waitQueue, message: "addOperations(waitUntilFinished: true) returned before op\(open) finished")
            }
        case .fails(let clause, let what, let accepts):
            guard let error = outcome.error else {
                throw ModelViolation(clause: clause, message: "\(what) returned normally; it must throw")
            }
            if !accepts(error) { throw ModelViolation(clause: clause, message: "\(what) threw \(error), the wrong error") }
        case .cycle(let dependent, let dependency):
            guard case .dependencyCycle(let members)? = outcome.error else {
                throw ModelViolation(
                    clause: .cycleRejected,
                    message: "op\(dependent).addDependency(op\(dependency)) closes a cycle but \(outcome.error.map { "threw \($0)" } ?? "was accepted")")
            }
            try judgeCycle(members, dependent: dependent, dependency: dependency)
        case .waitFinishes(let clause):
            if let wait = outcome.wait, !wait.isFinished {
                throw ModelViolation(clause: clause, message: "`\(call)` timed out though everything it covers finished")
            }
        case .waitTimesOut(let clause, let stuck):
            if outcome.wait?.isFinished == true {
                throw ModelViolation(
                    clause: clause,
                    message: "`\(call)` returned finished while \(stuck.map { "op\($0) (\(describe($0)))" }.joined(separator: ", ")) had not")
            }
            if case .timedOut(let report)? = outcome.wait, case .waitQueue = call {
                let named = Set(report.entries.map(\.operation.id))
                if let missing = stuck.first(where: { operations[$0].map { !named.contains($0.id) } ?? false }) {
                    throw ModelViolation(
                        clause: clause, message: "`\(call)` timed out but its report does not name op\(missing) (\(describe(missing))), which is unfinished")
                }
            }
        }
    }

    private func clause(of call: ModelCall) -> ContractClause {
        switch call {
        case .add, .addBatch: .misuseAdd
        case .addDependency: .depsLate
        case .release(let index): model.op(index).kind == .async ? .asyncHolds : .syncFinishes
        default: .reads
        }
    }

    private func describe(_ index: Int) -> String {
        let op = model.op(index)
        if op.finished { return "finished" }
        if op.started { return op.released ? "released" : "executing, held" }
        if op.queue == nil { return "not added" }
        if op.cancelled { return "cancelled" }
        return model.isReady(index) ? "ready" : "pending on \(op.dependencies.filter { !model.op($0).finished }.map { "op\($0)" }.joined(separator: ", "))"
    }

    private func judgeCycle(_ members: [OperationLabel], dependent: Int, dependency: Int) throws(ModelViolation) {
        // A cycle through a barrier has a member the program holds no handle of: any is accepted.
        if let path = model.path(from: dependency, to: dependent), path.contains(where: { model.op($0).isBarrier }) {
            return
        }
        let indices = members.compactMap { label in operations.firstIndex { $0?.id == label.id } }
        var edges = Set(model.ops.indices.flatMap { i in model.op(i).dependencies.map { [i, $0] } })
        edges.insert([dependent, dependency])
        let closes = indices.count == members.count && indices.contains(dependent) && indices.contains(dependency)
            && indices.indices.allSatisfy { edges.contains([indices[$0], indices[($0 + 1) % indices.count]]) }
        if !closes {
            throw ModelViolation(
                clause: .cycleRejected,
                message: "op\(dependent).addDependency(op\(dependency)) was refused naming [\(members.map(\.description).joined(separator: ", "))], which is not the cycle it closes in waits-for order")
        }
    }

    /// What the call set reads back, and what a read call reads.
    private func readBack(_ call: ModelCall) throws(ModelViolation) {
        switch call {
        case .cancelAll(let queue):
            for index in model.queue(queue).members where model.op(index).cancelledInBulk {
                if operations[index].map({ !$0.isCancelled }) ?? false {
                    throw ModelViolation(
                        clause: .cancelAll, message: "op\(index).isCancelled reads false after q\(queue).cancelAllOperations() (\(describe(index)))")
                }
            }
        case .cancel(let index):
            if !operations[index]!.isCancelled && !model.op(index).cancelledLate {
                throw ModelViolation(
                    clause: model.op(index).started ? .cancelExecuting : .cancelBeforeStart,
                    message: "op\(index).isCancelled reads false after cancel() (\(describe(index)))")
            }
        case .setPriority(let index, let level):
            let read = operations[index]!.queuePriority
            if read.level != level {
                throw ModelViolation(clause: .reads, message: "op\(index).queuePriority reads \(read) after it was set to \(levelName(level))")
            }
        case .setWidth(let queue, _), .setSuspended(let queue, _), .read(let queue):
            // Reads may lag the calls before them a moment, as states do; they must agree within the bound.
            let deadline = Deadline(after: patience / 4)
            while true {
                do throws(ModelViolation) {
                    try readQueue(queue)
                    break
                } catch {
                    if deadline.hasPassed { throw error }
                    events.awaitEvent(.milliseconds(1))
                }
            }
        case .readOperation(let index):
            let op = operations[index]!
            let expected = model.op(index)
            // A barrier may be listed as a dependency (a queue can build barriers from edges).
            let deps = op.dependencies.compactMap { dep in operations.firstIndex { $0?.id == dep.id } }
            if deps != expected.dependencies {
                throw ModelViolation(
                    clause: expected.dependencies.count < deps.count ? .depsRemoved : .reads,
                    message: "op\(index).dependencies reads \(deps.map { "op\($0)" }) where the program left \(expected.dependencies.map { "op\($0)" })")
            }
            if op.isCancelled != expected.cancelled && !expected.cancelledLate {
                throw ModelViolation(
                    clause: .cancelBeforeStart, message: "op\(index).isCancelled reads \(op.isCancelled) where it was \(expected.cancelled ? "" : "never ")cancelled")
            }
            if op.queuePriority.level != expected.level {
                throw ModelViolation(clause: .reads, message: "op\(index).queuePriority reads \(op.queuePriority), set to \(levelName(expected.level))")
            }
        default: break
        }
    }

    private func readQueue(_ index: Int) throws(ModelViolation) {
        guard let queue = queues[index] else { return }
        let expected = model.queue(index)
        if queue.maxConcurrentOperationCount != expected.width || queue.isSuspended != expected.suspended {
            throw ModelViolation(
                clause: .reads,
                message: "q\(index) reads width \(queue.maxConcurrentOperationCount), suspended \(queue.isSuspended) where the program set \(expected.width), \(expected.suspended)")
        }
        let listed = queue.operations.compactMap { op in operations.firstIndex { $0?.id == op.id } }
        let unfinished = model.unfinished(index)
        let certain = unfinished.filter { !model.mayFinishLater($0) }
        if let missing = certain.first(where: { !listed.contains($0) }) {
            throw ModelViolation(clause: .reads, message: "q\(index).operations leaves out op\(missing) (\(describe(missing)))")
        }
        if let extra = listed.first(where: { !unfinished.contains($0) }) {
            throw ModelViolation(clause: .reads, message: "q\(index).operations lists op\(extra) (\(describe(extra)))")
        }
        if listed != listed.sorted(by: { model.op($0).addOrder < model.op($1).addOrder }) {
            throw ModelViolation(clause: .reads, message: "q\(index).operations lists \(listed.map { "op\($0)" }) out of the order added")
        }
        let count = queue.operationCount
        let barriers = model.queue(index).members.count { model.op($0).isBarrier && !model.op($0).finished }
        if count < certain.count || count > unfinished.count + barriers {
            throw ModelViolation(
                clause: .reads, message: "q\(index).operationCount reads \(count) with \(certain.count) to \(unfinished.count + barriers) unfinished")
        }
    }

    // MARK: Settling

    private func settle(after call: ModelCall) throws(ModelViolation) {
        let deadline = Deadline(after: patience)
        var quietUntil: UInt64?
        while true {
            try absorb()
            pollFinishes()
            try absorb()
            if let stuck = unsettled() {
                quietUntil = nil
                if deadline.hasPassed { throw liveness(stuck, after: call) }
                events.awaitEvent(.milliseconds(2))
                continue
            }
            // Settled: watch a moment for a start the model forbids (width, suspension, order).
            let watchFor = quiet.nanoseconds
            if watchFor == 0 || !model.queues.indices.contains(where: { model.startableCount($0) > 0 }) { break }
            let end = quietUntil ?? MonotonicClock.now() &+ watchFor
            quietUntil = end
            if MonotonicClock.now() >= end { break }
            events.awaitEvent(.nanoseconds(Int64(end &- MonotonicClock.now())))
        }
        try checkStates(touched: call.operations + moved)
        moved = []
    }

    /// Feeds the events so far to the model and the transition paths.
    private func absorb() throws(ModelViolation) {
        for event in events.drain() {
            switch event {
            case .started(let index, let record):
                moved.insert(index)
                if let violation = model.observeStart(index, record) { throw violation }
            case .ended(let index):
                moved.insert(index)
                model.observeBodyEnded(index)
            case .completion(let index, let finishedFirst):
                let op = model.op(index)
                if op.started && !op.released && op.kind != .free {
                    throw ModelViolation(
                        clause: op.kind == .async ? .asyncHolds : .syncFinishes,
                        message: "op\(index) finished (its completion handler ran) before the program \(op.kind == .async ? "called finish()" : "released its body")")
                }
                model.updateOp(index) { $0.completions += 1 }
                model.coverage.cover(.completionOnce)
                if !finishedFirst || model.op(index).completions > 1 {
                    throw ModelViolation(
                        clause: .completionOnce,
                        message: finishedFirst ? "op\(index)'s completion handler ran twice" : "op\(index)'s completion handler ran before it finished")
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
    private func pollFinishes() {
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
    private func unsettled() -> String? {
        for index in model.ops.indices where !model.op(index).finished && model.op(index).queue != nil {
            let op = model.op(index)
            if op.released && op.kind != .async && !op.bodyEnded { return "op\(index)'s released body has not returned" }
            if op.released || (op.started && op.kind == .free) { return "op\(index) was released but is not finished" }
            if (op.cancelled) && !op.started && !model.mayFinishLater(index) {
                return "op\(index) was cancelled before it started and is not finished"
            }
        }
        for index in model.ops.indices where model.op(index).finished && model.op(index).queue != nil {
            let op = model.op(index)
            if !op.isBarrier && op.completions == 0 { return "op\(index) finished but its completion handler has not run" }
            if observed && !op.isBarrier && !(paths[index]?.sawFinished ?? false) {
                return "op\(index) finished but its `finished` transition never arrived"
            }
        }
        for queue in model.queues.indices where model.hasFreeSlot(queue) {
            if let ready = model.queue(queue).members.first(where: { model.isStartable($0) }) {
                return "op\(ready) is ready in q\(queue) (\(model.executingCount(queue)) of \(model.queue(queue).width) executing, not suspended) but has not started"
            }
        }
        return nil
    }

    private func liveness(_ stuck: String, after call: ModelCall) -> ModelViolation {
        let clause: ContractClause
        if stuck.contains("completion handler") {
            clause = .completionOnce
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
                clause = model.op(index).isBarrier ? .wakeBarrier : (model.dependents(of: index).isEmpty ? .wakeSlot : .wakeDependency)
            default: clause = .wakeSlot
            }
        }
        return ModelViolation(clause: clause, message: "after `\(call)`, within \(patience): \(stuck); \(stallReport())")
    }

    /// What is stuck: every unfinished operation, as the model holds it and as it reads.
    private func stallReport() -> String {
        let open = model.ops.indices.filter { !model.op($0).finished && model.op($0).queue != nil }
        let lines = open.prefix(24).map { index in
            "op\(index) in q\(model.op(index).queue!): \(describe(index)), reads \(operations[index].map { "\($0.state)" } ?? "(barrier)")"
        }
        return "unfinished: " + (lines.isEmpty ? "none" : lines.joined(separator: "; "))
            + (open.count > 24 ? "; and \(open.count - 24) more" : "")
    }

    /// The states of the operations the call named, of those that moved, and of a few others.
    private func checkStates(touched: [Int]) throws(ModelViolation) {
        var indices = Set(touched.filter { $0 < operations.count })
        for _ in 0..<4 where !operations.isEmpty { indices.insert(context.rng.int(in: 0...(operations.count - 1))) }
        let deadline = Deadline(after: patience / 4)
        for index in indices.sorted() {
            guard let op = operations[index] else { continue }
            model.coverage.cover(.states)
            // A state may be published a moment after the call that changed it (an actor's hop):
            // it must arrive within the bound. A start that happened meanwhile is judged first.
            var state = op.state
            var allowed = allowedStates(index)
            while !allowed.contains(state) && !deadline.hasPassed {
                events.awaitEvent(.milliseconds(1))
                try absorb()
                state = op.state
                allowed = allowedStates(index)
            }
            if !allowed.contains(state) {
                throw ModelViolation(
                    clause: .states,
                    message: "op\(index) reads \(state) where the model allows \(allowed.sorted().map(\.description).joined(separator: " or ")) (\(describe(index)))")
            }
        }
    }

    private func allowedStates(_ index: Int) -> Set<OperationState> {
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

    private func flushShares() throws(ModelViolation) {
        for queue in model.queues.indices {
            if let violation = model.closeWindow(queue) { throw violation }
        }
    }
}

/// A blocking call's result, handed from its thread with a bounded wait.
private final class ProgramCallResult: @unchecked Sendable {
    // @unchecked Sendable: `value` is only touched while `condition` is locked.
    private let condition = NSCondition()
    private var value: Box?

    struct Box { let error: QueueError? }

    func set(_ error: QueueError?) {
        condition.lock()
        value = Box(error: error)
        condition.broadcast()
        condition.unlock()
    }

    func wait(_ timeout: Duration) -> Box? {
        let end = Date(timeIntervalSinceNow: Double(timeout.nanoseconds) / 1e9)
        condition.lock()
        defer { condition.unlock() }
        while value == nil {
            if !condition.wait(until: end) { break }
        }
        return value
    }
}
