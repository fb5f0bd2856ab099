import QueueLabCore

/// What a wait covers: the operations, not their completion handlers. Every wait returns once
/// the operations it waits for are finished, whether or not their completion handlers ran;
/// Foundation's waits behave so (its handlers run on another thread, later), and so do QueueLab's.
enum WaitScenarios {
    static func completionNotAwaited<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws
        -> ScenarioPass
    {
        try context.iterate(type) { h in
            let queue = h.makeQueue("q")
            let handlers = h.makeGate()
            let patience = context.patience(atLeast: .seconds(2))
            let deadline = h.deadline
            let returned = Counter()
            // Each handler is held until the scenario saw the wait return (or for `patience`).
            func held(_ name: String) -> Q.Operation {
                let op = h.makeOperation(name)
                let recorder = h.recorder
                let (id, opName) = (op.id, op.name)
                op.completionHandler = {
                    handlers.wait(until: deadline.capped(patience))
                    returned.increment()
                    recorder.record(.completion(observed: .finished), operation: id, name: opName)
                }
                return op
            }
            // The unbounded wait comes last: by then the queue has shown it runs operations, so
            // a queue that runs nothing ends STALE in a bounded wait instead of the watchdog's.
            let waits: [(String, (Q.Operation) throws -> Bool)] = [
                (
                    "waitUntilFinished(timeout:)",
                    { op in
                        try h.add(op, to: queue)
                        return h.deadline.keepWaiting { op.waitUntilFinished(timeout: $0) }
                    }
                ),
                (
                    "waitUntilAllOperationsAreFinished(timeout:)",
                    { op in
                        try h.add(op, to: queue)
                        return h.deadline.keepWaiting {
                            queue.waitUntilAllOperationsAreFinished(timeout: $0) == .finished
                        }
                    }
                ),
                (
                    "addOperations(_:waitUntilFinished: true)",
                    { op in
                        try h.addBatch([op], to: queue, waitUntilFinished: true)
                        return true
                    }
                ),
            ]
            for (index, (name, wait)) in waits.enumerated() {
                context.currentPhase = name
                let op = held("held\(index)")
                guard try wait(op) else {
                    throw ScenarioAbort.stale(
                        "\(name) never returned: \(context.stallDescription)", evidence: h.excerpt(for: []))
                }
                try context.require(
                    returned.value == 0,
                    "\(name) returned only after the operation's completion handler returned: a wait covers the operations, not their completion handlers",
                    evidence: h.excerpt(for: [op.id]))
                try context.require(op.isFinished, "\(name) returned while \(op.label) was \(op.state)")
            }
            handlers.open()
            try h.validate()
        }
        return ScenarioPass()
    }
}

extension Check {
    static let waitCompletion = Check(
        id: "wait.completion",
        summary: "waits return once the operations finished, without waiting for completion handlers",
        sight: .waits,
        requirements: [],
        run: { queue, context in try WaitScenarios.completionNotAwaited(queue, context) })
}
