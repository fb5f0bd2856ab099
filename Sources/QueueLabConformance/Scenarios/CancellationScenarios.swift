import QueueLabCore

/// Cancellation is a request, not a stop: the `cancel.*` checks and `once.completion`.
enum CancellationScenarios {
    static func beforeStart<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try context.iterate(type) { h in
            let queue = h.makeQueue("q", width: 2)
            queue.isSuspended = true
            let early = h.makeOperation("cancelledBeforeAdd")
            let late = h.makeOperation("cancelledWhileQueued")
            let dependent = h.makeOperation("dependent")
            let other = h.makeOperation("other")
            try h.depend(dependent, on: early)
            try h.depend(dependent, on: late)
            early.cancel()
            try h.add([early, late, dependent, other], to: queue)
            late.cancel()
            h.expect(early, runs: .mustNot)
            h.expect(late, runs: .mustNot)
            queue.isSuspended = false
            try h.waitForAll()
            try h.validate()
            try context.require(
                !dependent.isCancelled, "\(dependent.label) is cancelled although only its dependencies were")
        }
        return ScenarioPass()
    }

    static func waiting<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try context.iterate(type) { h in
            let queue = h.makeQueue("q", width: 4)
            let gate = h.makeGate()
            let deadline = h.deadline
            let blocker = h.makeOperation("blocker") { _ in gate.wait(until: deadline) }
            let waiter = h.makeOperation("waiter")
            try h.depend(waiter, on: blocker)
            try h.add([blocker, waiter], to: queue)
            guard h.recorder.waitForBodyStarts(1, deadline: deadline.nanoseconds) else {
                throw ScenarioAbort.stale("\(blocker.label) never started", evidence: h.stallEvidence(first: nil))
            }
            h.expect(waiter, runs: .mustNot)
            waiter.cancel()
            let atOnce = waiter.waitUntilFinished(timeout: min(deadline.remaining, .seconds(2)))
            let blockerState = blocker.state
            gate.open()
            try h.waitForAll()
            try context.require(
                atOnce,
                "\(waiter.label) was cancelled while waiting on \(blocker.label) (\(blockerState)) but did not finish until its dependency did",
                evidence: h.excerpt(for: [waiter.id, blocker.id]))
            try h.validate()
        }
        return ScenarioPass()
    }

    static func executing<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        let kinds = context.has(.asynchronousOperations) ? [false, true] : [false]
        try context.iterate(type) { h in
            let queue = h.makeQueue("q", width: 2)
            for asynchronous in kinds {
                let gate = h.makeGate()
                let deadline = h.deadline
                let before = h.recorder.totalBodyStarts
                let op = h.makeOperation(asynchronous ? "asyncRunning" : "running", asynchronous: asynchronous) { _ in
                    gate.wait(until: deadline)
                }
                try h.add(op, to: queue)
                guard h.recorder.waitForBodyStarts(before + 1, deadline: deadline.nanoseconds) else {
                    throw ScenarioAbort.stale("\(op.label) never started", evidence: h.stallEvidence(first: nil))
                }
                op.cancel()
                gate.open()
                try h.waitForFinish(op)
                let sawCancel = h.recorder.snapshot.contains {
                    $0.operation == op.id && $0.kind == .bodyEnded(cancelled: true)
                }
                try context.require(
                    sawCancel, "\(op.label) was cancelled while executing but its body never saw isCancelled",
                    evidence: h.excerpt(for: [op.id]))
            }
            try h.waitForAll()
            try h.validate()
        }
        return ScenarioPass()
    }

    static func suspended<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try context.iterate(type) { h in
            let queue = h.makeQueue("q", width: 2)
            queue.isSuspended = true
            let ops = (0..<6).map { h.makeOperation("op\($0)") }
            try h.add(ops, to: queue)
            for op in ops where context.rng.chance(0.5) {
                op.cancel()
                h.expect(op, runs: .mustNot)
            }
            queue.isSuspended = false
            try h.waitForAll()
            try h.validate()
        }
        return ScenarioPass()
    }

    static func all<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try context.iterate(type) { h in
            let queue = h.makeQueue("q", width: 2)
            let gate = h.makeGate()
            let deadline = h.deadline
            let running = (0..<2).map { index in h.makeOperation("running\(index)") { _ in gate.wait(until: deadline) }
            }
            let queued = (0..<4).map { h.makeOperation("queued\($0)") }
            // The running pair takes both slots before the others come: under any policy (a LIFO
            // one would start the newest first) the queued ones cannot start before the cancel.
            try h.add(running, to: queue)
            guard running.allSatisfy({ h.recorder.waitForBodyStart(of: $0.id, deadline: deadline.nanoseconds) }) else {
                throw ScenarioAbort.stale(
                    "the two first operations never ran together", evidence: h.stallEvidence(first: nil))
            }
            try h.add(queued, to: queue)
            queue.cancelAllOperations()
            gate.open()
            queued.forEach { h.expect($0, runs: .mustNot) }
            try h.waitForAll()
            try h.validate()
            let trace = h.recorder.snapshot
            for op in running {
                let saw = trace.contains { $0.operation == op.id && $0.kind == .bodyEnded(cancelled: true) }
                try context.require(
                    saw, "\(op.label) was running during cancelAllOperations but never saw isCancelled",
                    evidence: h.excerpt(for: [op.id]))
            }
        }
        return ScenarioPass()
    }

    static func completionOnce<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass
    {
        try context.iterate(type) { h in
            let queue = h.makeQueue("q", width: 3)
            let gate = h.makeGate()
            let deadline = h.deadline
            var ops = (0..<4).map { h.makeOperation("plain\($0)") }
            let cancelledEarly = h.makeOperation("cancelledEarly")
            cancelledEarly.cancel()
            h.expect(cancelledEarly, runs: .mustNot)
            let cancelledRunning = h.makeOperation("cancelledRunning") { _ in gate.wait(until: deadline) }
            ops += [cancelledEarly, cancelledRunning]
            if context.has(.asynchronousOperations) {
                ops.append(h.makeOperation("async", asynchronous: true, spinNanoseconds: 50_000))
            }
            try h.add(ops, to: queue)
            guard h.recorder.waitForBodyStart(of: cancelledRunning.id, deadline: deadline.nanoseconds) else {
                throw ScenarioAbort.stale(
                    "\(cancelledRunning.label) never started", evidence: h.stallEvidence(first: nil))
            }
            cancelledRunning.cancel()
            gate.open()
            try h.waitForAll()
            try h.waitForCompletions()
            // A second call would show up within a moment of the first: look for it before judging.
            _ = h.recorder.waitForBodyStarts(
                Int.max, deadline: deadline.capped(context.observationWindow).nanoseconds)
            try h.validate()
        }
        return ScenarioPass()
    }
}

extension Check {
    static let cancelBeforeStart = Check(
        id: "cancel.before-start",
        summary: "cancelled before start: never runs, finishes, completion once, dependents run uncancelled",
        sight: .cancelledBeforeItRuns,
        requirements: [.cancellation, .dependencies, .suspension],
        run: { queue, context in try CancellationScenarios.beforeStart(queue, context) })

    static let cancelWaiting = Check(
        id: "cancel.waiting",
        summary: "cancelled while waiting on dependencies: ready at once, never runs",
        sight: .cancelledBeforeItRuns,
        requirements: [.cancellation, .dependencies],
        run: { queue, context in try CancellationScenarios.waiting(queue, context) })

    static let cancelExecuting = Check(
        id: "cancel.executing",
        summary: "cancelled while executing: the body sees it and the operation finishes",
        sight: CheckSight(
            sees:
                "the running body sees `isCancelled` and the operation still finishes",
            cannotSee:
                "whether a queue would stop a body early (it must not: nothing to see)"),
        requirements: [.cancellation],
        run: { queue, context in try CancellationScenarios.executing(queue, context) })

    static let cancelSuspended = Check(
        id: "cancel.suspended",
        summary: "cancelled while the queue is suspended: never runs, finishes",
        sight: .cancelledBeforeItRuns,
        requirements: [.cancellation, .suspension],
        run: { queue, context in try CancellationScenarios.suspended(queue, context) })

    static let cancelAll = Check(
        id: "cancel.all",
        summary: "cancelAllOperations with work queued and running",
        sight: CheckSight(
            sees:
                "every queued operation cancelled, the running ones finish",
            cannotSee:
                "operations added concurrently with the call (not promised either way)"),
        requirements: [.cancellation],
        run: { queue, context in try CancellationScenarios.all(queue, context) })

    static let onceCompletion = Check(
        id: "once.completion",
        summary: "completion handler exactly once, after finished",
        sight: .atMostOnceUnderLoad,
        requirements: [.cancellation],
        run: { queue, context in try CancellationScenarios.completionOnce(queue, context) })
}
