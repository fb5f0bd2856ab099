import QueueLabAdvanced
import QueueLabCore

/// `advanced.group`, `advanced.group-cancel`.
enum AdvancedGroupScenarios {
    struct Expected: Error, CustomStringConvertible {
        let name: String
        var description: String { "expected error of \(name)" }
    }

    /// A group (sometimes nested) whose children depend on one another, produce operations and
    /// throw: it finishes after every child and everything they produced, with all their errors.
    /// One child is held until the group was added, so that a group finishing too early is caught
    /// on every run, not only when its children happen to be slower than its start.
    static func group<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try context.iterateAdvanced(type) { h in
            let queue = h.makeQueue("q", width: 2)
            var thrown = 0
            var children: [AdvancedOperation<Q>] = []
            for index in 0..<context.rng.int(in: 3...6) {
                let throwsError = context.rng.chance(0.3)
                if throwsError { thrown += 1 }
                let spinning = UInt64(context.rng.int(in: 100...1_000)) * 1_000
                let child = h.makeOperation("child\(index)", spinNanoseconds: spinning) { _ in
                    if throwsError { throw Expected(name: "child\(index)") }
                }
                if let previous = children.last, context.rng.chance(0.4) { try child.addDependency(previous) }
                children.append(child)
            }
            let produced = h.makeOperation("produced", spinNanoseconds: 1_000_000) { _ in
                throw Expected(name: "produced")
            }
            thrown += 1
            let producer = h.makeOperation("producer") { op in try op.produce(produced) }
            children.append(producer)
            if context.rng.chance(0.5) {
                let inner = h.makeOperation("innerChild", spinNanoseconds: 500_000)
                children.append(h.makeGroup("innerGroup", children: [inner]))
            }
            // Held until the group is in the queue: a group without dependencies, conditions or
            // categories starts inside `add`, so one that finishes before its children has done so
            // by then, whatever the scheduler does with the other children.
            let held = h.makeGate()
            let deadline = h.deadline
            children.append(h.makeOperation("heldChild") { _ in held.wait(until: deadline) })
            let group = h.makeGroup("group", children: children)
            h.addChild(produced, to: group)
            try h.add([group], to: queue)
            held.open()
            try h.waitForAll()
            try h.validate()
            try context.require(
                group.errors.count == thrown,
                "\(group.label) finished with \(group.errors.count) errors; its children threw \(thrown)",
                evidence: h.excerpt(for: [group.id]))
        }
        return ScenarioPass()
    }

    /// Cancelling a running group cancels every child (running or waiting); the group finishes
    /// only after the running child's body ended.
    static func cancel<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try context.iterateAdvanced(type) { h in
            let queue = h.makeQueue("q", width: 2)
            let gate = h.makeGate()
            let deadline = h.deadline
            let running = h.makeOperation("running") { _ in gate.wait(until: deadline) }
            h.expect(running, runs: .must)
            let waiting = (0..<3).map { h.makeOperation("waiting\($0)") }
            for op in waiting {
                try op.addDependency(running)
                h.expect(op, runs: .mustNot)
            }
            let group = h.makeGroup("group", children: [running] + waiting)
            let after = h.makeOperation("afterGroup")
            try after.addDependency(group)
            try h.add([group, after], to: queue)
            try h.waitForBodyStart(running)
            group.cancel()
            let allCancelled = ([running] + waiting).allSatisfy(\.isCancelled)
            for op in waiting { _ = op.waitUntilFinished(timeout: min(deadline.remaining, .seconds(1))) }
            let finishedEarly = group.isFinished
            gate.open()
            try h.waitForAll()
            try context.require(
                allCancelled, "cancelling \(group.label) did not cancel all its children",
                evidence: h.excerpt(for: Set(waiting.map(\.id))))
            try context.require(
                !finishedEarly, "\(group.label) finished while its child \(running.label) still ran",
                evidence: h.excerpt(for: [group.id, running.id]))
            try h.validate()
        }
        return ScenarioPass()
    }
}

extension Check {
    static let advancedGroup = Check(
        id: "advanced.group",
        summary: "advanced: a group finishes after all its children, with their errors",
        sight: .advancedLayer,
        requirements: [.dependencies, .cancellation, .width],
        run: { queue, context in try AdvancedGroupScenarios.group(queue, context) })

    static let advancedGroupCancel = Check(
        id: "advanced.group-cancel",
        summary: "advanced: cancelling a group cancels its children; it finishes after them",
        sight: .advancedLayer,
        requirements: [.dependencies, .cancellation, .width],
        run: { queue, context in try AdvancedGroupScenarios.cancel(queue, context) })
}
