import Foundation
import QueueLabCore

/// Runs one program against fresh queues of a recipe, the model beside them: after every call it
/// judges the answer, then waits (bounded) until the queues did all the model says they must,
/// judging every start, finish and transition on the way. The first broken clause ends the run.
final class ProgramRunner<Q: OperationQueueing> {
    let context: ScenarioContext
    let events: ProgramEvents<Q.Operation>
    var queues: [Q?]
    var operations: [Q.Operation?] = []
    var model: ContractModel
    /// The calls made (a refused or inapplicable one is left out): what shrinking works on.
    private(set) var made: [ModelCall] = []
    var paths: [Int: TransitionPath] = [:]
    /// Operations that started, ended or finished since the last state check.
    var moved: Set<Int> = []
    /// Starts seen so far: progress that restarts a settling wait's bound.
    var startsSeen = 0
    let observed: Bool
    let patience: Duration
    /// How long a settled state is watched for a start the model forbids.
    let quiet: Duration

    init(_ context: ScenarioContext, widths: [Int], quiet: Duration) {
        self.context = context
        events = ProgramEvents(watch: context.progress)
        observed = context.has(.stateObservation)
        patience = context.patience(atLeast: .seconds(2))
        self.quiet = quiet
        let deviated = Set(ContractClause.deviated(by: Q.knownDeviations).map(\.id))
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
        // A call that returned is the queue moving, as an add that returns is: a program's long
        // stretch of calls that start nothing (hundreds of priority changes to waiting work) must
        // not read as a queue stuck inside a call on a machine slow enough to stretch it past the
        // check's bound. Settling bounds what the queue owes after the call on its own.
        if outcome.returned { context.progress.note() }
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
                    message:
                        "clean-up: op\(stuck) (\(operations[stuck]!.state)) and \(open.count - 1) more never finished after everything was cancelled, released and resumed\(dropped ? " (its queue was dropped)" : "")"
                )
            }
            events.awaitEvent(.milliseconds(2))
            _ = events.drain()
        }
    }

    // MARK: Calls

    struct Outcome {
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
                    outcome = blocking { () throws(QueueError) in
                        try target.addOperations(batch, waitUntilFinished: true)
                    }
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
                    outcome.wait =
                        op.waitUntilFinished(timeout: waitTimeout(call))
                        ? .finished
                        : .timedOut(
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
            let readyFirst =
                !op.cancelled && model.dependenciesMet(member)
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
        let done = Locked<Result<Void, QueueError>?>(nil)
        let thread = Thread {
            let returned = Result { () throws(QueueError) in try work() }
            done.withLockWakingWaiters { $0 = returned }
        }
        thread.start()
        guard let returned = done.wait(until: Deadline(after: patience), for: { $0 }) else {
            return Outcome(error: nil, wait: nil, returned: false)
        }
        if case .failure(let error) = returned { return Outcome(error: error, wait: nil, returned: true) }
        return Outcome(error: nil, wait: nil, returned: true)
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
}
