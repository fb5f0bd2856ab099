import Dispatch
import Foundation
import QueueLabCore

/// One run of one scenario: makes queues and operations whose bodies record themselves, keeps the
/// facts the validator needs, and bounds every wait by the check's deadline.
final class Harness<Q: OperationQueueing>: Sendable {
    typealias Op = Q.Operation

    /// What bodies, the sampler and the scenario thread all touch.
    private struct State {
        var facts: [OperationID: OperationFacts] = [:]
        var creationOrder: [OperationID] = []
        var operations: [OperationID: Op] = [:]
        var declared: [OperationID: [Op]] = [:]
        var runningBodies: [OperationID: Int] = [:]
        var sampleCounts: [OperationID: Int] = [:]
        var addedCount = 0
        var gates: [Gate] = []
        var queues: [Q] = []
        var sampler: StateSampler<Q>?
        var startBarrier: (Rendezvous, Int)?
        var startBarrierParties = 0
    }

    let recorder: TraceRecorder
    let context: ScenarioContext
    var deadline: Deadline { context.deadline }
    var level: ConformanceLevel { context.level }
    /// Whether the implementation reports transitions; without it only body records are checked.
    let observed: Bool

    private let state = Locked(State())
    /// Bodies meet in groups of this many before their work, at stress level: forces overlap. Set
    /// before the operations whose bodies read it are added.
    var startBarrierParties: Int {
        get { state.withLock { $0.startBarrierParties } }
        set { state.withLock { $0.startBarrierParties = newValue } }
    }

    init(context: ScenarioContext) {
        self.context = context
        recorder = TraceRecorder(progress: context.progress)
        observed = context.has(.stateObservation)
    }

    // MARK: Building

    func makeQueue(_ name: String, width: Int? = nil) -> Q {
        let queue = context.makeQueue(name, as: Q.self)
        if observed { queue.setStateObserver(recorder) }
        if let width { queue.maxConcurrentOperationCount = width }
        state.withLock { $0.queues.append(queue) }
        return queue
    }

    func makeGate() -> Gate {
        let gate = Gate()
        state.withLock { $0.gates.append(gate) }
        return gate
    }

    /// An operation whose body records its start (with its own state and its dependencies' states,
    /// read inside the body), does `work`, and records its end. An asynchronous one does its work and
    /// calls `finish()` from another thread.
    func makeOperation(
        _ name: String, priority: QueuePriority = .normal, asynchronous: Bool = false, spinNanoseconds: UInt64 = 0,
        work: (@Sendable (Op) -> Void)? = nil
    ) -> Op {
        let body: @Sendable (Op) -> Void = { [weak self] op in
            // The body's first instruction: a cancel the body sees here was set before it began,
            // which is how the cancel races tell a cancel that landed before the body from one after.
            let cancelledAtEntry = op.isCancelled
            guard let self else { return }
            self.bodyStarted(op, cancelledAtEntry: cancelledAtEntry)
            let doWork: @Sendable () -> Void = { [weak self] in
                guard let self else { return }
                self.meetAtStartBarrier()
                self.awaitSampling(of: op.id)
                MonotonicClock.spin(nanoseconds: spinNanoseconds)
                work?(op)
                self.bodyEnded(op)
            }
            if asynchronous {
                DispatchQueue.global().async {
                    doWork()
                    do { try op.finish() } catch {
                        self.recorder.record(.note("finish() threw \(error)"), operation: op.id, name: op.name)
                    }
                }
            } else {
                doWork()
            }
        }
        let op = Op(name: name, priority: priority, body: asynchronous ? .asynchronous(body) : .synchronous(body))
        let id = op.id
        let opName = op.name
        let recorder = self.recorder
        op.completionHandler = { [weak op] in
            recorder.record(.completion(observed: op?.state ?? .finished), operation: id, name: opName)
        }
        state.withLock { state in
            state.operations[id] = op
            state.facts[id] = OperationFacts(id: id, name: opName)
            state.creationOrder.append(id)
        }
        return op
    }

    func expect(_ op: Op, runs: OperationFacts.Run) {
        state.withLock { $0.facts[op.id]?.run = runs }
    }

    /// `op.addDependency(dependency)`, remembered for the validator and the body's own check.
    func depend(_ op: Op, on dependency: Op) throws(QueueError) {
        context.currentPhase = "\(op.label).addDependency(\(dependency.label))"
        try op.addDependency(dependency)
        state.withLock { state in
            state.declared[op.id, default: []].append(dependency)
            state.facts[op.id]?.dependencies.append(dependency.id)
        }
    }

    func removeDependency(_ op: Op, on dependency: Op) {
        context.currentPhase = "\(op.label).removeDependency(\(dependency.label))"
        op.removeDependency(dependency)
        state.withLock { state in
            state.declared[op.id]?.removeAll { $0.id == dependency.id }
            state.facts[op.id]?.dependencies.removeAll { $0 == dependency.id }
        }
    }

    func add(_ op: Op, to queue: Q) throws {
        context.currentPhase = "adding \(op.label) to \(queue.name ?? "queue")"
        state.withLock { state in
            state.facts[op.id]?.addedIndex = state.addedCount
            state.addedCount += 1
        }
        try queue.addOperation(op)
        context.progress.note()
    }

    func add(_ ops: [Op], to queue: Q) throws {
        for op in ops { try add(op, to: queue) }
    }

    /// `queue.addOperations(ops, waitUntilFinished:)`: one batch.
    func addBatch(_ ops: [Op], to queue: Q, waitUntilFinished: Bool = false) throws {
        context.currentPhase = "adding a batch of \(ops.count) to \(queue.name ?? "queue")"
        state.withLock { state in
            for op in ops {
                state.facts[op.id]?.addedIndex = state.addedCount
                state.addedCount += 1
            }
        }
        try queue.addOperations(ops, waitUntilFinished: waitUntilFinished)
        context.progress.note()
    }

    /// Adds a barrier block that records when it runs.
    func addBarrier(_ index: Int, to queue: Q) throws {
        context.currentPhase = "adding barrier \(index)"
        let recorder = self.recorder
        try queue.addBarrierBlock {
            recorder.record(.barrier(index: index), operation: OperationID(rawValue: 0), name: "barrier \(index)")
        }
    }

    var allOperations: [Op] {
        state.withLock { state in state.creationOrder.compactMap { state.operations[$0] } }
    }

    // MARK: Bodies

    private func bodyStarted(_ op: Op, cancelledAtEntry cancelled: Bool) {
        let deps = state.withLock { state -> [Op] in
            state.runningBodies[op.id, default: 0] += 1
            return state.declared[op.id] ?? []
        }
        let observedState = op.state
        let depStates = deps.map(\.state)
        recorder.record(
            .bodyStarted(observed: observedState, cancelled: cancelled, dependencyStates: depStates), operation: op.id,
            name: op.name)
    }

    private func bodyEnded(_ op: Op) {
        recorder.record(.bodyEnded(cancelled: op.isCancelled), operation: op.id, name: op.name)
        state.withLock { $0.runningBodies[op.id, default: 0] -= 1 }
    }

    /// The operations whose bodies run now: what the sampler looks at most.
    var operationsRunningBodies: [Op] {
        state.withLock { state in state.runningBodies.compactMap { $0.value > 0 ? state.operations[$0.key] : nil } }
    }

    /// The sampler read `id`'s state while its body ran.
    func noteSampled(_ id: OperationID) {
        state.withLock { $0.sampleCounts[id, default: 0] += 1 }
    }

    /// With a sampler running, a body stays until the sampler read its state twice (bounded), so
    /// that "executing and finished at once" is looked for in every body, not only in lucky ones.
    private func awaitSampling(of id: OperationID) {
        guard state.withLock({ $0.sampler != nil }) else { return }
        let bound = deadline.capped(.milliseconds(20))
        while state.withLock({ $0.sampleCounts[id, default: 0] }) < 2 && !bound.hasPassed { sched_yield() }
    }

    func isRunningBody(_ id: OperationID) -> Bool {
        state.withLock { $0.runningBodies[id, default: 0] > 0 }
    }

    /// How long one body waits for its partner before it goes on alone.
    private let startBarrierWait = Duration.milliseconds(20)

    private func meetAtStartBarrier() {
        let barrier = state.withLock { state -> Rendezvous? in
            let parties = state.startBarrierParties
            guard parties > 1, context.overlapBudget.isAvailable else { return nil }
            if let (current, used) = state.startBarrier, used < parties {
                state.startBarrier = (current, used + 1)
                return current
            }
            let fresh = Rendezvous(parties: parties)
            state.startBarrier = (fresh, 1)
            return fresh
        }
        guard let barrier else { return }
        // A short bound: the last group may never fill up, and that must not cost the check's budget.
        if !barrier.arrive(until: deadline.capped(startBarrierWait)) {
            context.overlapBudget.charge(startBarrierWait)
        }
    }

    // MARK: Sampling

    /// Starts a thread that reads the state of every operation in a loop while they run.
    func startSampler() {
        let sampler = StateSampler(harness: self)
        state.withLock { $0.sampler = sampler }
        sampler.start()
    }

    // MARK: Waiting

    /// Waits until every queue finished, while they move; STALE with their reports once nothing
    /// moved for the time bound.
    func waitForAll(_ what: String = "all operations") throws {
        context.currentPhase = "waiting for \(what)"
        for queue in state.withLock({ $0.queues }) {
            if let stall = deadline.keepWaitingForAll(queue.waitUntilAllOperationsAreFinished(timeout:)) {
                throw ScenarioAbort.stale(
                    "\(what) did not finish: \(context.stallDescription)", evidence: stallEvidence(first: stall))
            }
        }
    }

    /// Waits until `op` finished, while the queues move; STALE with their reports once nothing
    /// moved for the time bound.
    func waitForFinish(_ op: Op, _ what: String? = nil) throws {
        context.currentPhase = "waiting for \(op.label) to finish"
        if !deadline.keepWaiting({ op.waitUntilFinished(timeout: $0) }) {
            throw ScenarioAbort.stale(
                what ?? "\(op.label) did not finish: \(context.stallDescription)", evidence: stallEvidence(first: nil))
        }
    }

    /// The queues' stall reports (asked with a zero timeout) and the tail of the trace.
    func stallEvidence(first: StallReport?) -> [Evidence] {
        var evidence: [Evidence] = []
        if let first { evidence.append(.stall(of: first)) }
        for queue in state.withLock({ $0.queues }) where first == nil || queue.name != first?.queueName {
            if case .timedOut(let report) = queue.waitUntilAllOperationsAreFinished(timeout: .zero) {
                evidence.append(.stall(of: report))
            }
        }
        let trace = recorder.snapshot
        var stuck = Set(first?.entries.map(\.operation.id) ?? [])
        for queue in state.withLock({ $0.queues }) { stuck.formUnion(queue.operations.map(\.id)) }
        let stuckEvents = trace.filter { stuck.contains($0.operation) }
        if let origin = trace.first?.timestamp, !stuckEvents.isEmpty {
            evidence.append(
                .trace(
                    title: "events of the unfinished operations:",
                    events: stuckEvents.prefix(20).map { $0.describe(relativeTo: origin) }))
        }
        if let origin = trace.first?.timestamp {
            evidence.append(
                .trace(
                    title: "last events of the trace:", events: trace.suffix(12).map { $0.describe(relativeTo: origin) }
                ))
        }
        return evidence
    }

    /// Waits (bounded) for every operation's completion handler; FAIL for those that never ran.
    func waitForCompletions() throws {
        context.currentPhase = "waiting for completion handlers"
        let ids = state.withLock { $0.creationOrder }
        // Completion handlers may run after the wait for the queue returned (Foundation), so allow a
        // little time of our own, within the check's budget.
        let patience = context.patience(atLeast: .seconds(2))
        let missing = recorder.waitForCompletions(of: ids, deadline: deadline.capped(patience).nanoseconds)
        guard missing.isEmpty else {
            let names = state.withLock { state in
                missing.map { state.facts[$0]?.label.description ?? $0.description }
            }
            throw ScenarioAbort.fail(
                "completion handler never ran for \(names.joined(separator: ", "))",
                evidence: excerpt(for: missing))
        }
    }

    // MARK: Validating

    /// Runs the trace validator over everything recorded, with the facts of every operation made.
    func validate(_ adjust: (inout TraceExpectations) -> Void = { _ in }) throws {
        context.currentPhase = "validating"
        var violations = state.withLock { $0.sampler }?.stop() ?? []
        let allFacts = state.withLock { state in state.creationOrder.compactMap { state.facts[$0] } }
        var expect = TraceExpectations(operations: allFacts, observed: observed)
        adjust(&expect)
        if expect.completions { try waitForCompletions() }
        if expect.observed && expect.allFinished {
            // Observer calls may arrive after the wait returned: give them a moment before judging.
            _ = recorder.waitForFinishedTransitions(
                of: allFacts.map(\.id), deadline: deadline.capped(context.patience(atLeast: .seconds(2))).nanoseconds
            )
        }
        if expect.allFinished {
            for op in allOperations where op.state != .finished {
                violations.append(
                    Violation(
                        rule: "finished", message: "\(op.label) reads \(op.state) after the queue finished",
                        operations: [op.id]))
            }
        }
        violations += TraceValidator.validate(recorder.snapshot, against: expect)
        guard violations.isEmpty else {
            let involved = Array(violations.prefix(3).flatMap(\.operations))
            throw ScenarioAbort.fail(
                violations.prefix(4).map(\.description).joined(separator: "; "),
                evidence: violations.dropFirst(4).prefix(6).map { .alsoViolated(violation: $0.description) }
                    + excerpt(for: involved))
        }
    }

    /// The trace lines of `operations` (or the last lines when none are named).
    func excerpt(for operations: [OperationID]) -> [Evidence] {
        let trace = recorder.snapshot
        guard let origin = trace.first?.timestamp else { return [.trace(title: "(empty trace)", events: [])] }
        let wanted = Set(operations)
        let lines = wanted.isEmpty ? Array(trace.suffix(30)) : trace.filter { wanted.contains($0.operation) }
        let shown = lines.prefix(40).map { $0.describe(relativeTo: origin) }
        return [.trace(title: "trace (\(shown.count) of \(trace.count) events):", events: shown)]
    }

    // MARK: Closing

    /// Releases everything a broken queue may hold: opens gates, stops the sampler, cancels what is
    /// left. Whatever stays stuck is leaked, never waited for.
    func close() {
        let (gates, queues, sampler) = state.withLock { ($0.gates, $0.queues, $0.sampler) }
        gates.forEach { $0.open() }
        _ = sampler?.stop()
        for queue in queues where queue.operationCount > 0 {
            queue.cancelAllOperations()
            queue.isSuspended = false
        }
    }
}
