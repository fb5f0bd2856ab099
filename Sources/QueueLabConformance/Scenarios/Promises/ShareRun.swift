import Foundation
import QueueLabCore

/// One run of `order.weighted-shares`: a width-1 queue whose every pick sees all five levels
/// ready, with work arriving between starts (single adds, batches, dependency releases): at each
/// hold every level is topped up to at least `floor` ready operations and the next hold comes
/// within `floor` starts, so no level can run dry in between. Counts each level's starts over
/// `window` starts.
struct ShareRun<Q: OperationQueueing> {
    let h: Harness<Q>
    let floor: Int
    let window: Int
    private let control: TurnControl
    private let queue: Q
    private let helper: Q
    private var levels: [Int] = []
    private var ops: [Q.Operation] = []
    private var readyCounts = Array(repeating: 0, count: 5)
    private var pending: [(index: Int, key: Q.Operation)] = []
    private var seen = 0
    private(set) var counts = Array(repeating: 0, count: 5)

    init(_ h: Harness<Q>, floor: Int, window: Int) {
        self.h = h
        self.floor = floor
        self.window = window
        control = TurnControl(progress: h.context.progress)
        queue = h.makeQueue("shares", width: 1)
        helper = h.makeQueue("keys", width: 1)
    }

    mutating func run() throws {
        defer { control.abandon() }
        control.holdNextStart()
        try add([4])
        try awaitHold()
        seen = control.log.count  // the first start saw one level only: not counted
        readyCounts[4] -= 1
        while counts.reduce(0, +) < window {
            try topUp()
            control.release(holdingAfter: h.context.rng.int(in: 1...floor))
            try awaitHold()
            for index in control.log[seen...] {
                readyCounts[levels[index]] -= 1
                counts[levels[index]] += 1
            }
            seen = control.log.count
        }
        h.context.currentPhase = "cancelling what is left of the weighted run"
        queue.cancelAllOperations()
        helper.cancelAllOperations()
        control.release(holdingAfter: nil)
        try h.waitForAll("the weighted run")
    }

    /// Every level back to at least `floor` ready, by batches, single adds and releases.
    private mutating func topUp() throws {
        if h.context.rng.int(in: 0...2) == 0 { try addPending(h.context.rng.int(in: 0...4)) }
        if !pending.isEmpty, h.context.rng.int(in: 0...2) == 0 { try release() }
        var batch: [Int] = []
        for level in 0..<5 {
            let missing = floor + h.context.rng.int(in: 0...(floor / 4)) - readyCounts[level]
            guard missing > 0 else { continue }
            if missing > 3 && h.context.rng.int(in: 0...1) == 0 {
                batch += Array(repeating: level, count: missing)
            } else {
                for _ in 0..<missing { try add([level]) }
            }
        }
        if !batch.isEmpty { try add(batch.shuffled(using: &h.context.rng)) }
    }

    private mutating func make(_ level: Int) -> Int {
        let index = ops.count
        let control = self.control
        let deadline = h.deadline
        levels.append(level)
        ops.append(
            Q.Operation(
                name: "w\(index)", priority: QueuePriority(level: level),
                body: .synchronous { _ in control.started(index, deadline: deadline) }))
        return index
    }

    /// One operation: a single add; more: one batch.
    private mutating func add(_ levelsToAdd: [Int]) throws {
        let indices = levelsToAdd.map { make($0) }
        h.context.currentPhase = "adding \(indices.count) while a body holds"
        if indices.count == 1 {
            try queue.addOperation(ops[indices[0]])
        } else {
            try queue.addOperations(indices.map { ops[$0] }, waitUntilFinished: false)
        }
        for level in levelsToAdd { readyCounts[level] += 1 }
    }

    private mutating func addPending(_ level: Int) throws {
        let index = make(level)
        let key = Q.Operation(name: "key\(index)", priority: .normal, body: .synchronous { _ in })
        try ops[index].addDependency(key)
        try queue.addOperation(ops[index])
        pending.append((index, key))
    }

    private mutating func release() throws {
        let (index, key) = pending.removeFirst()
        h.context.currentPhase = "releasing w\(index)"
        try helper.addOperation(key)
        h.deadline.spin { ops[index].state != .pending }
        guard ops[index].state != .pending else {
            throw ScenarioAbort.stale(
                "w\(index) stayed pending after its only dependency finished: \(h.context.stallDescription)",
                evidence: h.stallEvidence(first: nil))
        }
        readyCounts[levels[index]] += 1
    }

    private func awaitHold() throws {
        h.context.currentPhase = "waiting for the next start"
        guard control.waitForHold(until: h.deadline) else {
            throw ScenarioAbort.stale(
                "the serial queue started nothing more with every level ready: \(h.context.stallDescription)",
                evidence: h.stallEvidence(first: nil))
        }
    }
}
