import Foundation
import QueueLabCore

/// One run of an order check: a width-1 queue kept busy by a held body (``TurnControl``) while
/// work arrives as single adds, batches, dependency releases (a key operation finishing on a
/// helper queue) and priority changes, with backlogs at every level growing past `boundary`
/// ready operations and draining again. Every start is judged against the ``ReadyModel`` by the
/// one promise under test, in the order the starts happened.
struct OrderRun<Q: OperationQueueing> {
    let h: Harness<Q>
    let promise: OrderPromise
    /// The policy's declared treatment of a priority change (see ``PolicyDeclaration/relistsOnPriorityChange``).
    let relists: Bool
    let boundary: Int
    private let control: TurnControl
    private let queue: Q
    private let helper: Q
    private var model = ReadyModel()
    private var ops: [Q.Operation] = []
    private var keys: [Int: Q.Operation] = [:]
    private var pending: [Int] = []
    private var judged = 0
    /// What the scenario did at the last hold, for the evidence.
    private var lastActions: [String] = []
    private(set) var peakReady = 0

    init(_ h: Harness<Q>, promise: OrderPromise, relists: Bool, boundary: Int) {
        self.h = h
        self.promise = promise
        self.relists = relists
        self.boundary = boundary
        control = TurnControl(progress: h.context.progress)
        queue = h.makeQueue("ordered", width: 1)
        helper = h.makeQueue("keys", width: 1)
    }

    private func randomLevel() -> Int { h.context.rng.int(in: 0...4) }

    mutating func run() throws {
        defer { control.abandon() }
        let target = boundary + h.context.rng.int(in: 8...(8 + boundary / 8))
        control.holdNextStart()
        try addSingle(randomLevel())
        try awaitHold()
        // Growth: more arrives than starts, until the backlog was past the boundary once (the
        // starts that follow are judged on it).
        var reached = false
        while !reached {
            try act(growing: true, target: target)
            reached = model.count >= target
            try releaseHold(after: h.context.rng.int(in: 1...3))
        }
        // Drain: a few arrivals per round while larger runs of starts empty the backlog.
        let drainRounds = 12
        for round in 0..<drainRounds {
            try act(growing: false, target: target)
            let share = max(1, model.count / (drainRounds - round))
            try releaseHold(after: h.context.rng.int(in: 1...share))
        }
        lastActions = []
        while !pending.isEmpty { try release() }
        control.release(holdingAfter: nil)
        try h.waitForAll("the order run")
        try judgeNewStarts()
        try h.context.require(
            control.log.count == ops.count, "\(ops.count) operations were added but \(control.log.count) bodies started"
        )
    }

    // MARK: Actions (while a body holds)

    private mutating func act(growing: Bool, target: Int) throws {
        lastActions = []
        if growing {
            if h.context.rng.int(in: 0...1) == 0 {
                let size = h.context.rng.int(in: 2...max(2, min(target - model.count, target / 6)))
                try addBatch((0..<size).map { _ in randomLevel() })
            } else {
                for _ in 0..<h.context.rng.int(in: 1...3) { try addSingle(randomLevel()) }
            }
        } else {
            for _ in 0..<h.context.rng.int(in: 0...2) { try addSingle(randomLevel()) }
        }
        if h.context.rng.int(in: 0...2) == 0 { try addPending(randomLevel()) }
        if !pending.isEmpty, h.context.rng.int(in: 0...2) == 0 { try release() }
        if model.count > 0, h.context.rng.int(in: 0...2) == 0 { changePriority() }
        if model.count == 0 { try addSingle(randomLevel()) }
    }

    private mutating func makeOperation(_ level: Int) -> Int {
        let index = ops.count
        let control = self.control
        let deadline = h.deadline
        ops.append(
            Q.Operation(
                name: "o\(index)", priority: QueuePriority(level: level),
                body: .synchronous { _ in control.started(index, deadline: deadline) }))
        return index
    }

    private mutating func addSingle(_ level: Int) throws {
        let index = makeOperation(level)
        h.context.currentPhase = "adding o\(index) while o\(control.log.last ?? -1) runs"
        try queue.addOperation(ops[index])
        model.becameReady(index, level: level)
        lastActions.append("added o\(index) (\(QueuePriority(level: level)))")
        noteReady()
    }

    private mutating func addBatch(_ levels: [Int]) throws {
        let indices = levels.map { makeOperation($0) }
        h.context.currentPhase = "adding a batch of \(indices.count) while o\(control.log.last ?? -1) runs"
        try queue.addOperations(indices.map { ops[$0] }, waitUntilFinished: false)
        for (index, level) in zip(indices, levels) { model.becameReady(index, level: level) }
        lastActions.append("added a batch o\(indices[0])...o\(indices[indices.count - 1])")
        noteReady()
    }

    /// An operation that waits for a key operation not added yet: pending until ``release()``.
    private mutating func addPending(_ level: Int) throws {
        let index = makeOperation(level)
        let key = Q.Operation(name: "key\(index)", priority: .normal, body: .synchronous { _ in })
        try ops[index].addDependency(key)
        try queue.addOperation(ops[index])
        keys[index] = key
        pending.append(index)
        lastActions.append("added o\(index) (\(QueuePriority(level: level))) waiting for key\(index)")
    }

    /// Adds a pending operation's key to the helper queue and waits (bounded) until the operation
    /// reads ready: from then on the queue holds it ready, before the held body returns.
    private mutating func release() throws {
        let index = pending.remove(at: h.context.rng.int(in: 0...(pending.count - 1)))
        guard let key = keys.removeValue(forKey: index) else { return }
        h.context.currentPhase = "releasing o\(index) (key\(index) runs on the helper queue)"
        try helper.addOperation(key)
        let op = ops[index]
        h.deadline.spin { op.state != .pending }
        guard op.state != .pending else {
            throw ScenarioAbort.stale(
                "o\(index) stayed pending after its only dependency, key\(index), was added to a running queue: \(h.context.stallDescription)",
                evidence: h.stallEvidence(first: nil))
        }
        model.becameReady(index, level: op.queuePriority.level)
        lastActions.append("released o\(index) (\(op.queuePriority))")
        noteReady()
    }

    private mutating func changePriority() {
        let ready = model.readyIndices
        let index = ready[h.context.rng.int(in: 0...(ready.count - 1))]
        guard let old = model.listing(index) else { return }
        var level = randomLevel()
        if level == old.level { level = (level + 1) % 5 }
        ops[index].queuePriority = QueuePriority(level: level)
        model.priorityChanged(index, to: level, relists: relists)
        lastActions.append("o\(index): \(QueuePriority(level: old.level)) -> \(QueuePriority(level: level))")
    }

    private mutating func noteReady() { peakReady = max(peakReady, model.count) }

    // MARK: Turns

    private mutating func releaseHold(after starts: Int) throws {
        control.release(holdingAfter: min(starts, max(1, model.count)))
        try awaitHold()
    }

    private mutating func awaitHold() throws {
        h.context.currentPhase = "waiting for the next start (\(model.count) ready)"
        guard control.waitForHold(until: h.deadline) else {
            try? judgeNewStarts()
            throw ScenarioAbort.stale(
                "the serial queue started nothing more with \(model.count) operations ready: \(h.context.stallDescription)",
                evidence: h.stallEvidence(first: nil))
        }
        try judgeNewStarts()
    }

    /// Judges every start since the last call, in order, then removes it from the model.
    private mutating func judgeNewStarts() throws {
        let log = control.log
        while judged < log.count {
            let index = log[judged]
            if let violation = promise.violation(
                starting: index, in: &model, addOrderCounts: h.context.policy == nil, name: { "o\($0)" })
            {
                let counts = model.levelCounts.enumerated().map { "\(QueuePriority(level: $0.offset)) \($0.element)" }
                throw ScenarioAbort.fail(
                    "\(promise.rawValue) broken at start \(judged + 1): \(violation)",
                    evidence: [
                        .note(text: "ready then (\(model.count)): \(counts.joined(separator: ", "))"),
                        .note(
                            text:
                                "the starts before: \(log[max(0, judged - 8)..<judged].map { "o\($0)" }.joined(separator: " "))"
                        ),
                        .note(
                            text:
                                "the scenario's last actions while a body held: \(lastActions.suffix(8).joined(separator: "; "))"
                        ),
                        .note(
                            text:
                                "a priority change \(relists ? "lists an operation anew" : "keeps its place") (the policy's declaration)"
                        ),
                    ])
            }
            _ = model.started(index)
            judged += 1
        }
    }
}
