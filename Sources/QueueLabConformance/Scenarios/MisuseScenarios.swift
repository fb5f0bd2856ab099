import QueueLabCore

/// What Foundation answers with a crash must be a thrown, descriptive error.
enum MisuseScenarios {
    static func errors<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        var seen: [String] = []
        try context.iterate(type, times: 1) { h in
            let queue = h.makeQueue("q", width: 2)
            let other = h.makeQueue("other")
            func expectError(_ what: String, _ call: () throws -> Void) throws {
                h.context.currentPhase = what
                do {
                    try call()
                } catch {
                    seen.append("\(what): \(error)")
                    return
                }
                throw ScenarioAbort.fail("\(what) was accepted; expected a thrown error", evidence: h.excerpt(for: []))
            }
            queue.isSuspended = true
            let queued = h.makeOperation("queued")
            try h.add(queued, to: queue)
            try expectError("adding an operation twice to the same queue") { try queue.addOperation(queued) }
            try expectError("adding a queued operation to a second queue") { try other.addOperation(queued) }
            let fresh = h.makeOperation("fresh")
            try expectError("a batch that contains an already queued operation") {
                try queue.addOperations([fresh, queued], waitUntilFinished: false)
            }
            try context.require(
                !queue.operations.contains { $0.id == fresh.id },
                "a refused batch still added \(fresh.label): batches are all or nothing")
            if context.has(.asynchronousOperations) {
                let idle = h.makeOperation("idleAsync", asynchronous: true)
                try expectError("finish() on an asynchronous operation that is not executing") { try idle.finish() }
                try h.add(idle, to: queue)
            }
            try expectError("finish() on a synchronous operation") { try queued.finish() }
            queue.isSuspended = false
            try h.add(fresh, to: queue)
            try h.waitForAll()
            try expectError("adding a finished operation") { try other.addOperation(queued) }
            try h.validate()
        }
        return ScenarioPass(scenario: seen.joined(separator: "; "))
    }
}

extension Check {
    static let misuseErrors = Check(
        id: "misuse.errors",
        summary: "misuse throws a descriptive error instead of crashing",
        sight: CheckSight(
            sees:
                "adding twice, adding a finished operation: a descriptive error",
            cannotSee:
                "misuse the protocol cannot express"),
        requirements: [.misuseErrors],
        run: { queue, context in try MisuseScenarios.errors(queue, context) })
}
