import QueueLabCore

/// Dependency ordering: chains, diamonds, fans, late edges, finished dependencies, two queues.
/// The validator checks each body saw its declared dependencies finished.
enum DependencyScenarios {
    private static func jitter(_ context: ScenarioContext) -> UInt64 { UInt64(context.rng.int(in: 20...300)) * 1_000 }

    private static func randomWidth(_ context: ScenarioContext) -> Int? {
        context.rng.chance(0.3) ? nil : context.rng.int(in: 2...4)
    }

    static func chain<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        let length = context.level == .quick ? 8 : context.level == .default ? 16 : 64
        try context.iterate(type) { h in
            let queue = h.makeQueue("q", width: randomWidth(context))
            // Long enough bodies that a dependent started early overlaps its dependency visibly.
            let ops = (0..<length).map {
                h.makeOperation("c\($0)", spinNanoseconds: UInt64(context.rng.int(in: 200...1_000)) * 1_000)
            }
            for index in 1..<length { try h.depend(ops[index], on: ops[index - 1]) }
            // Adding dependents first shows whether the queue waits instead of running in add order.
            try h.add(context.rng.chance(0.5) ? ops.reversed() : ops, to: queue)
            try h.waitForAll()
            try h.validate()
        }
        return ScenarioPass()
    }

    static func diamond<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try context.iterate(type) { h in
            let queue = h.makeQueue("q", width: randomWidth(context))
            var top = h.makeOperation("top", spinNanoseconds: jitter(context))
            var all = [top]
            for level in 0..<3 {
                let left = h.makeOperation("l\(level)", spinNanoseconds: jitter(context))
                let right = h.makeOperation("r\(level)", spinNanoseconds: jitter(context))
                let join = h.makeOperation("j\(level)", spinNanoseconds: jitter(context))
                try h.depend(left, on: top)
                try h.depend(right, on: top)
                try h.depend(join, on: left)
                try h.depend(join, on: right)
                all += [left, right, join]
                top = join
            }
            try h.add(all.shuffled(using: &context.rng), to: queue)
            try h.waitForAll()
            try h.validate()
        }
        return ScenarioPass()
    }

    static func fan<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        let wide = context.level == .quick ? 16 : context.level == .default ? 40 : 200
        try context.iterate(type) { h in
            let queue = h.makeQueue("q", width: randomWidth(context))
            let root = h.makeOperation("root", spinNanoseconds: 200_000)
            let middle = (0..<wide).map { h.makeOperation("m\($0)", spinNanoseconds: jitter(context) / 4) }
            let sink = h.makeOperation("sink")
            for op in middle {
                try h.depend(op, on: root)
                try h.depend(sink, on: op)
            }
            try h.add([sink] + middle + [root], to: queue)
            try h.waitForAll()
            try h.validate {
                $0.width = queue.maxConcurrentOperationCount > 0 ? queue.maxConcurrentOperationCount : nil
            }
        }
        return ScenarioPass()
    }

    static func late<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try context.iterate(type) { h in
            let queue = h.makeQueue("q", width: 3)
            queue.isSuspended = true
            let ops = (0..<5).map { h.makeOperation("o\($0)", spinNanoseconds: jitter(context)) }
            try h.add(ops, to: queue)
            // Edges against add order, added while every operation waits in the suspended queue.
            try h.depend(ops[0], on: ops[1])
            try h.depend(ops[1], on: ops[2])
            try h.depend(ops[3], on: ops[4])
            queue.isSuspended = false
            try h.waitForAll()
            try h.validate { $0.allowsReadyToPending = true }
        }
        return ScenarioPass()
    }

    static func removed<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try context.iterate(type) { h in
            let queue = h.makeQueue("q", width: 2)
            let gate = h.makeGate()
            let deadline = h.deadline
            let slow = h.makeOperation("slow") { _ in gate.wait(until: deadline) }
            let freed = h.makeOperation("freed")
            try h.depend(freed, on: slow)
            // Removed before enqueue, and removed while waiting in the queue: neither edge holds.
            let other = h.makeOperation("freedWhileQueued")
            try h.depend(other, on: slow)
            h.removeDependency(freed, on: slow)
            try h.add([slow, freed, other], to: queue)
            h.removeDependency(other, on: slow)
            let patience = context.patience(atLeast: .seconds(2))
            let bothRan =
                h.recorder.waitForBodyStart(of: freed.id, deadline: deadline.capped(patience).nanoseconds)
                && h.recorder.waitForBodyStart(of: other.id, deadline: deadline.capped(patience).nanoseconds)
            let states = "\(freed.label) \(freed.state), \(other.label) \(other.state)"
            gate.open()
            try h.waitForFinish(slow)
            let freedLater =
                freed.waitUntilFinished(timeout: min(deadline.remaining, .seconds(2)))
                && other.waitUntilFinished(timeout: min(deadline.remaining, .seconds(2)))
            try context.require(
                freedLater,
                "a removed dependency still holds: \(freed.label) is \(freed.state), \(other.label) is \(other.state), although \(slow.label) finished and nothing else is unmet",
                evidence: h.stallEvidence(first: nil))
            try h.waitForAll()
            try context.require(
                bothRan,
                "an operation whose only dependency was removed did not run while that dependency was still executing (\(states))",
                evidence: h.excerpt(for: [freed.id, other.id]))
            try h.validate()
        }
        return ScenarioPass()
    }

    static func finished<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try context.iterate(type) { h in
            let queue = h.makeQueue("q")
            let done = h.makeOperation("done")
            try h.add(done, to: queue)
            try h.waitForFinish(done)
            let before = h.makeOperation("depBeforeAdd")
            try h.depend(before, on: done)
            try h.add(before, to: queue)
            let after = h.makeOperation("depAfterAdd")
            queue.isSuspended = true
            try h.add(after, to: queue)
            try h.depend(after, on: done)
            queue.isSuspended = false
            try h.waitForAll()
            try h.validate()
        }
        return ScenarioPass()
    }

    static func crossQueue<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try context.iterate(type) { h in
            let queues = [h.makeQueue("q1", width: 2), h.makeQueue("q2", width: randomWidth(context))]
            let ops = (0..<10).map { h.makeOperation("x\($0)", spinNanoseconds: jitter(context)) }
            for index in 1..<ops.count {
                try h.depend(ops[index], on: ops[index - 1])
                if index >= 3 && context.rng.chance(0.4) {
                    try h.depend(ops[index], on: ops[context.rng.int(in: 0...(index - 2))])
                }
            }
            for (index, op) in ops.enumerated().reversed() { try h.add(op, to: queues[index % 2]) }
            try h.waitForAll()
            try h.validate()
        }
        return ScenarioPass()
    }
}

extension Check {
    static let depsChain = Check(
        id: "deps.chain",
        summary: "a chain runs in dependency order",
        sight: .dependencyGraphs,
        requirements: [.dependencies],
        run: { queue, context in try DependencyScenarios.chain(queue, context) })

    static let depsDiamond = Check(
        id: "deps.diamond",
        summary: "diamonds: a join starts after both branches",
        sight: .dependencyGraphs,
        requirements: [.dependencies],
        run: { queue, context in try DependencyScenarios.diamond(queue, context) })

    static let depsFan = Check(
        id: "deps.fan",
        summary: "wide fan-out and fan-in",
        sight: .dependencyGraphs,
        requirements: [.dependencies],
        run: { queue, context in try DependencyScenarios.fan(queue, context) })

    static let depsLate = Check(
        id: "deps.late",
        summary: "dependencies added after enqueue (before start) still hold",
        sight: .edgesWhileWaiting,
        requirements: [.dependencies, .suspension],
        run: { queue, context in try DependencyScenarios.late(queue, context) })

    static let depsRemoved = Check(
        id: "deps.removed",
        summary: "a removed dependency (before or after enqueue) no longer holds",
        sight: .edgesWhileWaiting,
        requirements: [.dependencies],
        run: { queue, context in try DependencyScenarios.removed(queue, context) })

    static let depsFinished = Check(
        id: "deps.finished",
        summary: "a dependency on a finished operation is a no-op",
        sight: .edgesWhileWaiting,
        requirements: [.dependencies],
        run: { queue, context in try DependencyScenarios.finished(queue, context) })

    static let depsCrossQueue = Check(
        id: "deps.cross-queue",
        summary: "dependencies across two queues",
        sight: .acrossTwoQueues,
        requirements: [.dependencies, .crossQueueDependencies],
        run: { queue, context in try DependencyScenarios.crossQueue(queue, context) })
}
