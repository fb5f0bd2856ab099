import Dispatch
import Foundation
import QueueLabAdvanced
import QueueLabCore

/// One run of an advanced scenario: builds ``AdvancedQueue``s over the implementation under test,
/// operations whose bodies and observers record themselves, and judges the trace.
final class AdvancedHarness<Q: OperationQueueing>: Sendable {
    typealias Op = AdvancedOperation<Q>

    typealias Facts = AdvancedHarnessFacts

    /// What bodies, observers and the scenario thread all touch.
    private struct State {
        var queues: [AdvancedQueue<Q>] = []
        var operations: [Op] = []
        var facts: [OperationID: Facts] = [:]
        var gates: [Gate] = []
    }

    let trace: AdvancedTrace
    let context: ScenarioContext
    var deadline: Deadline { context.deadline }
    private let state = Locked(State())

    init(context: ScenarioContext) {
        self.context = context
        trace = AdvancedTrace(progress: context.progress)
    }

    func makeQueue(_ name: String, width: Int? = nil) -> AdvancedQueue<Q> {
        let context = self.context
        let queue = AdvancedQueue<Q>(
            wrapping: context.makeQueue(name, as: Q.self),
            makingGroupQueues: { context.makeQueue($0, as: Q.self) })
        if let width { queue.maxConcurrentOperationCount = width }
        state.withLock { $0.queues.append(queue) }
        return queue
    }

    func makeGate() -> Gate {
        let gate = Gate()
        state.withLock { $0.gates.append(gate) }
        return gate
    }

    /// An operation whose body records its start and end (with the flags it reads at the end), and
    /// whose observer records every call. `work` runs between the two records.
    func makeOperation(
        _ name: String, categories: [String] = [], asynchronous: Bool = false, spinNanoseconds: UInt64 = 0,
        work: (@Sendable (Op) throws -> Void)? = nil
    ) -> Op {
        let trace = self.trace
        let run: @Sendable (Op) throws -> Void = { op in
            trace.record(.bodyStart, op.label, categories: categories)
            MonotonicClock.spin(nanoseconds: spinNanoseconds)
            defer {
                trace.record(
                    .bodyEnd(sawCancel: op.isCancelled, sawFinished: op.isFinished), op.label, categories: categories)
            }
            try work?(op)
        }
        let body: AdvancedBody<Q> =
            asynchronous
            ? .asynchronous { op in
                DispatchQueue.global().async {
                    var errors: [any Error] = []
                    do { try run(op) } catch { errors.append(error) }
                    op.finish(errors: errors)
                }
            }
            : .synchronous(run)
        let op = Op(name: name, body: body)
        categories.forEach(op.addCategory)
        register(op, Facts(categories: categories))
        return op
    }

    /// A group of `children` (each already made by this harness).
    func makeGroup(_ name: String, children: [Op], categories: [String] = []) -> Op {
        let group = Op.group(name: name, children: children)
        categories.forEach(group.addCategory)
        register(group, Facts(run: .either, categories: [], children: children.map(\.id), isGroup: true))
        return group
    }

    private func register(_ op: Op, _ opFacts: Facts) {
        let trace = self.trace
        op.addObserver(
            BlockObserver<Q>(
                didStart: { trace.record(.didStart, $0.label) },
                didProduce: { trace.record(.didProduce($1.id), $0.label) },
                didFinish: { trace.record(.didFinish(errors: $1.count), $0.label) }))
        state.withLock { state in
            state.operations.append(op)
            state.facts[op.id] = opFacts
        }
    }

    /// Drops `op` from the judged operations (it will never be added: its producer does not run).
    func forget(_ op: Op) {
        state.withLock { state in
            state.operations.removeAll { $0 === op }
            state.facts[op.id] = nil
        }
    }

    func expect(_ op: Op, runs: OperationFacts.Run) {
        state.withLock { $0.facts[op.id]?.run = runs }
    }

    /// Adds operations produced later (by a body) to a group's finish rule.
    func addChild(_ child: Op, to group: Op) {
        state.withLock { $0.facts[group.id]?.children.append(child.id) }
    }

    func add(_ ops: [Op], to queue: AdvancedQueue<Q>) throws {
        context.currentPhase = "adding \(ops.map(\.label.description).joined(separator: ", "))"
        try queue.addOperations(ops)
        context.progress.note()
    }

    // MARK: Waiting

    func waitForAll(_ what: String = "all operations") throws {
        context.currentPhase = "waiting for \(what)"
        for queue in state.withLock({ $0.queues }) {
            if let stall = deadline.keepWaitingForAll(queue.waitUntilAllOperationsAreFinished(timeout:)) {
                throw ScenarioAbort.stale(
                    "\(what) did not finish: \(context.stallDescription)",
                    evidence: [.stall(of: stall, limit: 30)] + excerpt(last: 12))
            }
        }
    }

    func waitForBodyStart(_ op: Op) throws {
        context.currentPhase = "waiting for \(op.label)'s body to start"
        guard trace.bodyStarted(op.id, before: deadline) else {
            throw ScenarioAbort.stale("\(op.label)'s body never started", evidence: stallEvidence())
        }
    }

    /// Waits (bounded) until every operation of `ops` reached `phase`; STALE if not.
    func waitForPhase(_ ops: [Op], _ phase: AdvancedPhase) throws {
        let names = ops.map(\.label.description).joined(separator: ", ")
        try waitUntil("\(names) to reach \(phase)") { ops.allSatisfy { $0.currentPhase >= phase } }
    }

    /// Waits (bounded, polling: phases are not traced) until `condition` holds; STALE if not.
    func waitUntil(_ what: String, _ condition: () -> Bool) throws {
        context.currentPhase = "waiting for \(what)"
        while !condition() {
            if deadline.hasPassed {
                throw ScenarioAbort.stale("never saw \(what)", evidence: stallEvidence())
            }
            sched_yield()
        }
    }

    /// Whether `op`'s body has started (no waiting).
    func hasStarted(_ op: Op) -> Bool { trace.bodyHasStarted(op.id) }

    func stallEvidence() -> [Evidence] {
        state.withLock { $0.queues }.map { .stall(of: $0.stallReport()) } + excerpt(last: 12)
    }

    func excerpt(last count: Int) -> [Evidence] {
        let events = trace.snapshot
        return [
            .trace(
                title: "trace (last \(min(count, events.count)) of \(events.count) events):",
                events: events.suffix(count).map { "\($0)" })
        ]
    }

    func excerpt(for ids: Set<OperationID>) -> [Evidence] {
        let events = trace.snapshot.filter { ids.contains($0.operation.id) }
        return [.trace(title: "trace of \(ids.count) operations:", events: events.prefix(30).map { "\($0)" })]
    }

    // MARK: Judging

    /// Every rule of the layer over the recorded trace: bodies at most once and as expected,
    /// observers exactly once and in order, never finished while a body runs, one body per category
    /// at a time, groups after their children, everything finished.
    func validate() throws {
        context.currentPhase = "validating"
        let (ops, facts) = state.withLock { ($0.operations, $0.facts) }
        let violations =
            AdvancedValidator.violations(trace.snapshot, operations: ops.map(\.label), facts: facts)
            + ops.filter { !$0.isFinished }.map {
                AdvancedViolation(
                    rule: "finished", message: "\($0.label) is \($0.currentPhase) after its queue finished",
                    operations: [$0.id])
            }
        guard violations.isEmpty else {
            throw ScenarioAbort.fail(
                violations.prefix(4).map(\.description).joined(separator: "; "),
                evidence: violations.dropFirst(4).prefix(6).map { .alsoViolated(violation: "\($0)") }
                    + excerpt(for: Set(violations.prefix(3).flatMap(\.operations))))
        }
    }

    /// Opens every gate and cancels what is left: a broken layer or queue is leaked, never waited for.
    func close() {
        let (gates, queues) = state.withLock { ($0.gates, $0.queues) }
        gates.forEach { $0.open() }
        for queue in queues where queue.operationCount > 0 { queue.cancelAllOperations() }
    }
}

extension ScenarioContext {
    /// Runs `body` on a fresh advanced harness `times` times (the level's iterations by default).
    func iterateAdvanced<Q: OperationQueueing>(
        _ queue: Q.Type, times: Int? = nil, _ body: (AdvancedHarness<Q>) throws -> Void
    ) throws {
        for _ in 0..<(times ?? level.iterations) {
            let harness = AdvancedHarness<Q>(context: self)
            defer { harness.close() }
            try body(harness)
        }
    }
}

/// What a scenario knows about one advanced operation.
struct AdvancedHarnessFacts: Sendable {
    var run: OperationFacts.Run = .must
    var categories: [String] = []
    /// For groups: the operations whose finish must come before the group's.
    var children: [OperationID] = []
    /// A group's body is the layer's, not the harness's: only its observers are judged.
    var isGroup = false
}
