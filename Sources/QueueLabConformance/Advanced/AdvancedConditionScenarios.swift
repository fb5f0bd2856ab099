import QueueLabAdvanced
import QueueLabCore

/// Conditions: `advanced.condition-fails`, `advanced.condition-dependency`, `advanced.conditions-concurrent`.
enum AdvancedConditionScenarios {
    /// A failed condition finishes the operation with its error, without its body; its dependents run.
    static func fails<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try context.iterateAdvanced(type) { h in
            let queue = h.makeQueue("q", width: 2)
            let asynchronous = context.has(.asynchronousOperations) && context.rng.chance(0.5)
            let guarded = h.makeOperation("guarded", asynchronous: asynchronous)
            guarded.addCondition(
                BlockCondition(name: "denied") { .failed(ConditionFailed(condition: "denied", reason: "by the check")) }
            )
            guarded.addCondition(BlockCondition(name: "allowed") { .satisfied })
            h.expect(guarded, runs: .mustNot)
            let dependent = h.makeOperation("dependent")
            try dependent.addDependency(guarded)
            let allowed = h.makeOperation("allowed", asynchronous: asynchronous)
            allowed.addCondition(BlockCondition(name: "allowed") { .satisfied })
            try h.add([guarded, dependent, allowed], to: queue)
            try h.waitForAll()
            try h.validate()
            let reported = h.trace.snapshot.contains {
                $0.operation.id == guarded.id && $0.kind == .didFinish(errors: 1)
            }
            try context.require(
                reported && guarded.errors.contains { $0 is ConditionFailed },
                "\(guarded.label) finished without reporting its failed condition (errors: \(guarded.errors))",
                evidence: h.excerpt(for: [guarded.id]))
        }
        return ScenarioPass()
    }

    /// "Log in, then like": the condition's dependency runs first, the condition is evaluated after
    /// it finished, and the body after that; the shared "alert" category is held by one at a time.
    static func dependency<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try context.iterateAdvanced(type) { h in
            let queue = h.makeQueue("app", width: 3)
            let session = SessionFlag()
            // Log-in completes only once every like was added, so each like's condition supplies it:
            // a like added after the session was set (the adding thread preempted for 200 us on a
            // loaded machine) rightly skips the wait, and the order judged below would not apply.
            let likesAdded = h.makeGate()
            let deadline = h.deadline
            let login = h.makeOperation("login", categories: ["alert"], spinNanoseconds: 200_000) { _ in
                _ = likesAdded.wait(until: deadline)
                session.set()
            }
            let likes = (0..<3).map { index in h.makeOperation("like\(index)", categories: ["alert"]) }
            for like in likes {
                like.addCondition(SuppliedDependency(dependency: login, session: session, trace: h.trace))
            }
            try h.add(likes, to: queue)
            likesAdded.open()
            try h.waitForAll()
            try h.validate()
            let trace = h.trace.snapshot
            let loginEnd =
                trace.first { event in
                    guard event.operation.id == login.id, case .bodyEnd = event.kind else { return false }
                    return true
                }?.sequence ?? Int.max
            for like in likes {
                let evaluated =
                    trace.first { $0.operation.id == like.id && $0.kind == .conditionEvaluated }?.sequence ?? -1
                let started = trace.first { $0.operation.id == like.id && $0.kind == .bodyStart }?.sequence ?? -1
                try context.require(
                    loginEnd < evaluated && evaluated < started,
                    "\(like.label): expected log in, then its condition, then its body",
                    evidence: h.excerpt(for: [login.id, like.id]))
            }
        }
        return ScenarioPass()
    }

    /// The conditions of one operation are evaluated concurrently: two of them meet at a rendezvous.
    static func concurrent<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try context.iterateAdvanced(type) { h in
            let queue = h.makeQueue("q", width: 2)
            let meeting = Rendezvous(parties: 2)
            let deadline = h.deadline.capped(context.patience(atLeast: .seconds(1)))
            let op = h.makeOperation("twoConditions")
            for index in 0..<2 {
                op.addCondition(
                    BlockCondition(name: "meets\(index)") {
                        meeting.arrive(until: deadline)
                            ? .satisfied
                            : .failed(
                                ConditionFailed(
                                    condition: "meets\(index)",
                                    reason: "the other condition was not being evaluated at the same time"))
                    })
            }
            try h.add([op], to: queue)
            try h.waitForAll()
            try context.require(
                op.errors.isEmpty, "\(op.label)'s two conditions were not evaluated concurrently: \(op.errors)",
                evidence: h.excerpt(for: [op.id]))
            try h.validate()
        }
        return ScenarioPass()
    }
}

/// Whether "log in" ran.
final class SessionFlag: Sendable {
    private let value = Locked(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}

/// The talk's "logged in" condition: supplies the log-in operation, satisfied once it ran.
struct SuppliedDependency<P: OperationQueueing>: AdvancedCondition {
    let dependency: AdvancedOperation<P>
    let session: SessionFlag
    let trace: AdvancedTrace
    var name: String { "LoggedIn" }

    func dependency<Q: OperationQueueing>(for operation: AdvancedOperation<Q>) -> AdvancedOperation<Q>? {
        session.isSet ? nil : dependency as? AdvancedOperation<Q>
    }

    func evaluate<Q: OperationQueueing>(
        for operation: AdvancedOperation<Q>, completion: @escaping @Sendable (ConditionResult) -> Void
    ) {
        trace.record(.conditionEvaluated, operation.label)
        completion(session.isSet ? .satisfied : .failed(ConditionFailed(condition: name, reason: "not logged in")))
    }
}

extension Check {
    static let advancedConditionFails = Check(
        id: "advanced.condition-fails",
        summary: "advanced: a failed condition finishes the operation with its error, body never runs",
        sight: .advancedLayer,
        requirements: [.dependencies, .cancellation, .width],
        run: { queue, context in try AdvancedConditionScenarios.fails(queue, context) })

    static let advancedConditionDependency = Check(
        id: "advanced.condition-dependency",
        summary: "advanced: log in, then like (a condition's dependency first, then the condition, then the body)",
        sight: .advancedLayer,
        requirements: [.dependencies, .cancellation, .width],
        run: { queue, context in try AdvancedConditionScenarios.dependency(queue, context) })

    static let advancedConditionsConcurrent = Check(
        id: "advanced.conditions-concurrent",
        summary: "advanced: an operation's conditions are evaluated concurrently",
        sight: .advancedLayer,
        requirements: [.dependencies, .cancellation, .width],
        run: { queue, context in try AdvancedConditionScenarios.concurrent(queue, context) })
}
