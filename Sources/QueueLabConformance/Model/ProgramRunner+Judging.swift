import Foundation
import QueueLabCore

/// The answers of the calls: what they return or throw, and what reads back after them.
extension ProgramRunner {
    func judge(_ call: ModelCall, _ expectation: CallExpectation, _ outcome: Outcome) throws(ModelViolation) {
        guard outcome.returned else {
            let clause: ContractClause = if case .waitOperation = call { .waitOperation } else { .waitQueue }
            throw ModelViolation(
                clause: clause,
                message: "`\(call)` did not return within \(patience), though everything it waits for finished or could"
            )
        }
        switch expectation {
        case .succeeds:
            if let error = outcome.error {
                throw ModelViolation(
                    clause: clause(of: call), message: "`\(call)` threw \(error); nothing in the contract refuses it")
            }
            if case .addBatch(let members, _, true) = call,
                let open = members.first(where: { !(operations[$0]?.isFinished ?? true) })
            {
                throw ModelViolation(
                    clause: .waitQueue,
                    message: "addOperations(waitUntilFinished: true) returned before op\(open) finished")
            }
        case .fails(let clause, let what, let accepts):
            guard let error = outcome.error else {
                throw ModelViolation(clause: clause, message: "\(what) returned normally; it must throw")
            }
            if !accepts(error) {
                throw ModelViolation(clause: clause, message: "\(what) threw \(error), the wrong error")
            }
        case .cycle(let dependent, let dependency):
            guard case .dependencyCycle(let members)? = outcome.error else {
                throw ModelViolation(
                    clause: .cycleRejected,
                    message:
                        "op\(dependent).addDependency(op\(dependency)) closes a cycle but \(outcome.error.map { "threw \($0)" } ?? "was accepted")"
                )
            }
            try judgeCycle(members, dependent: dependent, dependency: dependency)
        case .waitFinishes(let clause):
            if let wait = outcome.wait, !wait.isFinished {
                throw ModelViolation(
                    clause: clause, message: "`\(call)` timed out though everything it covers finished")
            }
        case .waitTimesOut(let clause, let stuck):
            if outcome.wait?.isFinished == true {
                throw ModelViolation(
                    clause: clause,
                    message:
                        "`\(call)` returned finished while \(stuck.map { "op\($0) (\(describe($0)))" }.joined(separator: ", ")) had not"
                )
            }
            if case .timedOut(let report)? = outcome.wait, case .waitQueue = call {
                let named = Set(report.entries.map(\.operation.id))
                if let missing = stuck.first(where: { operations[$0].map { !named.contains($0.id) } ?? false }) {
                    throw ModelViolation(
                        clause: clause,
                        message:
                            "`\(call)` timed out but its report does not name op\(missing) (\(describe(missing))), which is unfinished"
                    )
                }
            }
        }
    }

    func clause(of call: ModelCall) -> ContractClause {
        switch call {
        case .add, .addBatch: .misuseAdd
        case .addDependency: .depsLate
        case .release(let index): model.op(index).kind == .async ? .asyncHolds : .syncFinishes
        default: .reads
        }
    }

    func describe(_ index: Int) -> String {
        let op = model.op(index)
        if op.finished { return "finished" }
        if op.started { return op.released ? "released" : "executing, held" }
        if op.queue == nil { return "not added" }
        if op.cancelled { return "cancelled" }
        return model.isReady(index)
            ? "ready"
            : "pending on \(op.dependencies.filter { !model.op($0).finished }.map { "op\($0)" }.joined(separator: ", "))"
    }

    func judgeCycle(_ members: [OperationLabel], dependent: Int, dependency: Int) throws(ModelViolation) {
        // A cycle through a barrier has a member the program holds no handle of: any is accepted.
        if let path = model.path(from: dependency, to: dependent), path.contains(where: { model.op($0).isBarrier }) {
            return
        }
        let indices = members.compactMap { label in operations.firstIndex { $0?.id == label.id } }
        var edges = Set(model.ops.indices.flatMap { i in model.op(i).dependencies.map { [i, $0] } })
        edges.insert([dependent, dependency])
        let closes =
            indices.count == members.count && indices.contains(dependent) && indices.contains(dependency)
            && indices.indices.allSatisfy { edges.contains([indices[$0], indices[($0 + 1) % indices.count]]) }
        if !closes {
            throw ModelViolation(
                clause: .cycleRejected,
                message:
                    "op\(dependent).addDependency(op\(dependency)) was refused naming [\(members.map(\.description).joined(separator: ", "))], which is not the cycle it closes in waits-for order"
            )
        }
    }

    /// What the call set reads back, and what a read call reads.
    func readBack(_ call: ModelCall) throws(ModelViolation) {
        switch call {
        case .cancelAll(let queue):
            for index in model.queue(queue).members where model.op(index).cancelledInBulk {
                if operations[index].map({ !$0.isCancelled }) ?? false {
                    throw ModelViolation(
                        clause: .cancelAll,
                        message:
                            "op\(index).isCancelled reads false after q\(queue).cancelAllOperations() (\(describe(index)))"
                    )
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
                throw ModelViolation(
                    clause: .reads,
                    message: "op\(index).queuePriority reads \(read) after it was set to \(levelName(level))")
            }
        case .setWidth(let queue, _), .setSuspended(let queue, _), .read(let queue):
            // Reads may lag the calls before them a moment, as states do; they must agree within the bound.
            var bound = LagBound(patience: patience)
            while true {
                do throws(ModelViolation) {
                    try readQueue(queue)
                    break
                } catch {
                    if bound.hasPassed { throw error }
                    events.awaitEvent(.milliseconds(1))
                    bound.tookTurn()
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
                    message:
                        "op\(index).dependencies reads \(deps.map { "op\($0)" }) where the program left \(expected.dependencies.map { "op\($0)" })"
                )
            }
            if op.isCancelled != expected.cancelled && !expected.cancelledLate {
                throw ModelViolation(
                    clause: .cancelBeforeStart,
                    message:
                        "op\(index).isCancelled reads \(op.isCancelled) where it was \(expected.cancelled ? "" : "never ")cancelled"
                )
            }
            if op.queuePriority.level != expected.level {
                throw ModelViolation(
                    clause: .reads,
                    message: "op\(index).queuePriority reads \(op.queuePriority), set to \(levelName(expected.level))")
            }
        default: break
        }
    }

    func readQueue(_ index: Int) throws(ModelViolation) {
        guard let queue = queues[index] else { return }
        let expected = model.queue(index)
        if queue.maxConcurrentOperationCount != expected.width || queue.isSuspended != expected.suspended {
            throw ModelViolation(
                clause: .reads,
                message:
                    "q\(index) reads width \(queue.maxConcurrentOperationCount), suspended \(queue.isSuspended) where the program set \(expected.width), \(expected.suspended)"
            )
        }
        let listed = queue.operations.compactMap { op in operations.firstIndex { $0?.id == op.id } }
        let unfinished = model.unfinished(index)
        let certain = unfinished.filter { !model.mayFinishLater($0) }
        if let missing = certain.first(where: { !listed.contains($0) }) {
            throw ModelViolation(
                clause: .reads, message: "q\(index).operations leaves out op\(missing) (\(describe(missing)))")
        }
        if let extra = listed.first(where: { !unfinished.contains($0) }) {
            throw ModelViolation(clause: .reads, message: "q\(index).operations lists op\(extra) (\(describe(extra)))")
        }
        if listed != listed.sorted(by: { model.op($0).addOrder < model.op($1).addOrder }) {
            throw ModelViolation(
                clause: .reads, message: "q\(index).operations lists \(listed.map { "op\($0)" }) out of the order added"
            )
        }
        let count = queue.operationCount
        let barriers = model.queue(index).members.count { model.op($0).isBarrier && !model.op($0).finished }
        if count < certain.count || count > unfinished.count + barriers {
            throw ModelViolation(
                clause: .reads,
                message:
                    "q\(index).operationCount reads \(count) with \(certain.count) to \(unfinished.count + barriers) unfinished"
            )
        }
    }
}
