import Foundation
import QueueLabCore

/// One run of `order.inheritance`: a width-1 queue (held between starts, see ``TurnControl``)
/// with a backlog at every level, into which low operations arrive that higher ones come to wait
/// for: chains one to three deep, in the same queue (blocked by a key as well, so they stay
/// waiting) or in a suspended helper queue (across queues), made before the low operation is
/// ready or after it is (a raise while ready), raised by a priority change along the chain, and
/// dropped by a cancel. Every start must be of the highest effective level ready
/// (``InheritanceModel``).
struct InheritanceRun<Q: OperationQueueing> {
    let h: Harness<Q>
    let backlog: Int
    private let control: TurnControl
    private let queue: Q
    private let helper: Q
    private var model = InheritanceModel()
    /// Operation of each model node.
    private var ops: [Q.Operation] = []
    /// Model node of each checked-queue operation index the bodies report.
    private var judged = 0
    private var keys: [Q.Operation] = []
    private var lastActions: [String] = []
    private(set) var raisedStarts = 0

    init(_ h: Harness<Q>, backlog: Int) {
        self.h = h
        self.backlog = backlog
        control = TurnControl(progress: h.context.progress)
        queue = h.makeQueue("inheriting", width: 1)
        helper = h.makeQueue("waiters", width: 1)
        helper.isSuspended = true
    }

    private func random(_ range: ClosedRange<Int>) -> Int { h.context.rng.int(in: range) }

    mutating func run() throws {
        defer { control.abandon() }
        control.holdNextStart()
        try addReady([random(0...4)])
        try awaitHold()
        // Growth until the backlog was reached once (judged before the starts that follow), and
        // at least 30 rounds.
        var rounds = 0
        var reached = false
        while !reached || rounds < 30 {
            rounds += 1
            lastActions = []
            if readyCount < backlog {
                let count = random(1...max(1, min(backlog / 5, backlog - readyCount)))
                try addReady((0..<count).map { _ in random(0...4) })
            }
            if random(0...1) == 0 { try addInversion() }
            if random(0...2) == 0 { cancelHelperWaiter() }
            if random(0...2) == 0 { raiseWaiter() }
            if readyCount == 0 { try addReady([random(0...4)]) }
            reached = reached || readyCount >= backlog
            control.release(holdingAfter: min(random(1...3), readyCount))
            try awaitHold()
        }
        // Drain the ready backlog with longer runs of starts, still judged.
        while readyCount > 0 {
            lastActions = []
            if random(0...1) == 0 { try addInversion() }
            control.release(holdingAfter: random(1...max(1, readyCount / 4)))
            try awaitHold()
        }
        // The rest (waiters blocked by keys, the helper's) runs unjudged.
        for key in keys { try helper.addOperation(key) }
        helper.isSuspended = false
        control.release(holdingAfter: nil)
        try h.waitForAll("the inheritance run")
    }

    private var readyCount: Int { model.readyInChecked.count }

    // MARK: Actions

    private mutating func make(_ level: Int, checked: Bool) -> Int {
        let node = model.add(level: level, inChecked: checked)
        let control = self.control
        let deadline = h.deadline
        ops.append(
            Q.Operation(
                name: "\(checked ? "o" : "w")\(node)", priority: QueuePriority(level: level),
                body: .synchronous { _ in if checked { control.started(node, deadline: deadline) } }))
        return node
    }

    private mutating func addReady(_ levels: [Int]) throws {
        let nodes = levels.map { make($0, checked: true) }
        h.context.currentPhase = "adding \(nodes.count) ready operations"
        if nodes.count == 1 {
            try queue.addOperation(ops[nodes[0]])
        } else {
            try queue.addOperations(nodes.map { ops[$0] }, waitUntilFinished: false)
        }
        for node in nodes { model.setReady(node) }
        lastActions.append("added \(nodes.count) ready")
    }

    /// A low operation and a chain of one to three waiting for it, higher at its end.
    private mutating func addInversion() throws {
        let low = make(random(0...1), checked: true)
        let across = random(0...1) == 0
        let edgesFirst = random(0...1) == 0
        if !edgesFirst {
            try queue.addOperation(ops[low])
            model.setReady(low)
        }
        var previous = low
        let depth = random(1...3)
        var names: [String] = []
        for step in 1...depth {
            let level = step == depth ? random(3...4) : random(0...4)
            let waiter = make(level, checked: !across)
            try ops[waiter].addDependency(ops[previous])
            model.depend(waiter, on: previous)
            if across {
                try helper.addOperation(ops[waiter])
            } else {
                // Blocked by a key too, so it keeps waiting after `previous` finished.
                let key = Q.Operation(name: "key\(waiter)", priority: .normal, body: .synchronous { _ in })
                try ops[waiter].addDependency(key)
                keys.append(key)
                try queue.addOperation(ops[waiter])
            }
            names.append("\(ops[waiter].name ?? "")(\(QueuePriority(level: level)))")
            previous = waiter
        }
        if edgesFirst {
            try queue.addOperation(ops[low])
            model.setReady(low)
        }
        lastActions.append(
            "o\(low) (\(QueuePriority(level: model.nodes[low].level))) waited for by \(names.joined(separator: " <- "))\(across ? " in the helper queue" : "")\(edgesFirst ? ", edges before it was added" : ", edges after it was ready")"
        )
    }

    private mutating func cancelHelperWaiter() {
        let candidates = model.nodes.indices.filter { !model.nodes[$0].inChecked && model.nodes[$0].waiting }
        guard !candidates.isEmpty else { return }
        let node = candidates[random(0...(candidates.count - 1))]
        ops[node].cancel()
        model.stopWaiting(node)
        lastActions.append("cancelled w\(node)")
    }

    /// Raises a waiting, unready operation of a chain: what it waits for inherits the raise.
    private mutating func raiseWaiter() {
        let candidates = model.nodes.indices.filter {
            model.nodes[$0].waiting && !model.nodes[$0].ready && model.nodes[$0].level < 4
        }
        guard !candidates.isEmpty else { return }
        let node = candidates[random(0...(candidates.count - 1))]
        let level = random((model.nodes[node].level + 1)...4)
        ops[node].queuePriority = QueuePriority(level: level)
        model.setLevel(node, level)
        lastActions.append("raised \(ops[node].name ?? "") to \(QueuePriority(level: level))")
    }

    // MARK: Turns

    private mutating func awaitHold() throws {
        h.context.currentPhase = "waiting for the next start (\(readyCount) ready)"
        guard control.waitForHold(until: h.deadline) else {
            throw ScenarioAbort.stale(
                "the serial queue started nothing more with \(readyCount) operations ready: \(h.context.stallDescription)",
                evidence: h.stallEvidence(first: nil))
        }
        try judgeNewStarts()
    }

    private mutating func judgeNewStarts() throws {
        let log = control.log
        while judged < log.count {
            let node = log[judged]
            let effective = model.effectiveLevels()
            let ready = model.readyInChecked
            guard model.nodes[node].ready else {
                throw ScenarioAbort.fail(
                    "inheritance broken at start \(judged + 1): o\(node) started though it was not ready", evidence: [])
            }
            if let top = ready.max(by: { (effective[$0], -$0) < (effective[$1], -$1) }),
                effective[top] > effective[node]
            {
                let path = model.chain(to: top, reaching: effective[top], effective: effective)
                    .map { "\(ops[$0].name ?? "")(\(QueuePriority(level: model.nodes[$0].level)))" }
                throw ScenarioAbort.fail(
                    "inheritance broken at start \(judged + 1): started o\(node) (own \(QueuePriority(level: model.nodes[node].level)), effective \(QueuePriority(level: effective[node]))) while o\(top) was ready at effective \(QueuePriority(level: effective[top]))",
                    evidence: [
                        .note(text: "o\(top) inherits through: \(path.joined(separator: " <- "))"),
                        .note(
                            text:
                                "the scenario's last actions while a body held: \(lastActions.joined(separator: "; "))"),
                    ])
            }
            if effective[node] > model.nodes[node].level { raisedStarts += 1 }
            model.stopWaiting(node)
            judged += 1
        }
    }
}
