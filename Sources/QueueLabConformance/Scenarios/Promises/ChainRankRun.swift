import Foundation
import QueueLabCore

/// One run of `order.longest-chain`: a width-1 queue (held between starts, see ``TurnControl``)
/// whose ready operations have chains of waiting operations behind them in a suspended helper
/// queue, some longer than the policy's rank cap, built before an operation is added or grown
/// while it is ready. Within the started operation's level, it must be of the highest rank (chain
/// length, capped); the order among equal ranks is not judged.
struct ChainRankRun<Q: OperationQueueing> {
    struct Listing {
        let level: Int
        var rank: Int
        var key: Int
    }

    let h: Harness<Q>
    let cap: Int
    let backlog: Int
    private let control: TurnControl
    private let queue: Q
    private let helper: Q
    private var ops: [Q.Operation] = []
    /// The last waiter of each operation's chain, and the chain's length.
    private var chainEnds: [Int: (end: Q.Operation, length: Int)] = [:]
    private var ready: [Int: Listing] = [:]
    private var nextKey = 0
    private var judged = 0
    private var lastActions: [String] = []

    init(_ h: Harness<Q>, cap: Int, backlog: Int) {
        self.h = h
        self.cap = cap
        self.backlog = backlog
        control = TurnControl(progress: h.context.progress)
        queue = h.makeQueue("ranked", width: 1)
        helper = h.makeQueue("chains", width: 1)
        helper.isSuspended = true
    }

    private func random(_ range: ClosedRange<Int>) -> Int { h.context.rng.int(in: range) }

    /// A chain length: mostly short, some at the cap and past it.
    private func randomLength() -> Int {
        switch random(0...5) {
        case 0: 0
        case 1: cap + random(0...8)
        default: random(1...min(cap, 12))
        }
    }

    mutating func run() throws {
        defer { control.abandon() }
        control.holdNextStart()
        try addRanked(level: random(0...4), length: 0)
        try awaitHold()
        // Growth until the backlog was reached once (judged before the starts that follow), and
        // at least 20 rounds.
        var rounds = 0
        var reached = false
        while !reached || rounds < 20 {
            rounds += 1
            lastActions = []
            for _ in 0..<random(1...max(1, min(6, backlog - ready.count))) {
                try addRanked(level: random(1...2), length: randomLength())
            }
            if !ready.isEmpty, random(0...1) == 0 { try grow() }
            reached = reached || ready.count >= backlog
            control.release(holdingAfter: min(random(1...3), ready.count))
            try awaitHold()
        }
        while !ready.isEmpty {
            lastActions = []
            if random(0...1) == 0 { try grow() }
            control.release(holdingAfter: random(1...max(1, ready.count / 4)))
            try awaitHold()
        }
        h.context.currentPhase = "cancelling the chains"
        helper.cancelAllOperations()
        helper.isSuspended = false
        control.release(holdingAfter: nil)
        try h.waitForAll("the ranked run")
    }

    // MARK: Actions

    private mutating func addRanked(level: Int, length: Int) throws {
        let index = ops.count
        let control = self.control
        let deadline = h.deadline
        let op = Q.Operation(
            name: "r\(index)", priority: QueuePriority(level: level),
            body: .synchronous { _ in control.started(index, deadline: deadline) })
        ops.append(op)
        chainEnds[index] = (op, 0)
        try extend(index, by: length)
        h.context.currentPhase = "adding r\(index)"
        try queue.addOperation(op)
        ready[index] = Listing(level: level, rank: min(length, cap), key: nextKey)
        nextKey += 1
        lastActions.append("added r\(index) (\(QueuePriority(level: level))) with \(length) waiting behind it")
    }

    /// Lengthens a ready operation's chain by a few: below the cap its rank rises and it is listed anew.
    private mutating func grow() throws {
        let indices = Array(ready.keys)
        let index = indices[random(0...(indices.count - 1))]
        let added = random(1...3)
        try extend(index, by: added)
        guard var listing = ready[index] else { return }
        let rank = min(chainEnds[index]?.length ?? 0, cap)
        if rank > listing.rank {
            listing.rank = rank
            listing.key = nextKey
            nextKey += 1
            ready[index] = listing
        }
        lastActions.append("grew r\(index)'s chain by \(added) to \(chainEnds[index]?.length ?? 0)")
    }

    private mutating func extend(_ index: Int, by count: Int) throws {
        guard count > 0, var chain = chainEnds[index] else { return }
        h.context.currentPhase = "growing r\(index)'s chain"
        for _ in 0..<count {
            let waiter = Q.Operation(name: "r\(index)w\(chain.length)", priority: .normal, body: .synchronous { _ in })
            try waiter.addDependency(chain.end)
            try helper.addOperation(waiter)
            chain = (waiter, chain.length + 1)
        }
        chainEnds[index] = chain
    }

    // MARK: Turns

    private mutating func awaitHold() throws {
        h.context.currentPhase = "waiting for the next start (\(ready.count) ready)"
        guard control.waitForHold(until: h.deadline) else {
            throw ScenarioAbort.stale(
                "the serial queue started nothing more with \(ready.count) operations ready: \(h.context.stallDescription)",
                evidence: h.stallEvidence(first: nil))
        }
        try judgeNewStarts()
    }

    private mutating func judgeNewStarts() throws {
        let log = control.log
        while judged < log.count {
            let index = log[judged]
            guard let started = ready[index] else {
                throw ScenarioAbort.fail("r\(index) started though the model did not hold it ready", evidence: [])
            }
            // Ties are not judged: the policy relists an operation whenever the graph raises its
            // height, also past the policy's cap, so the order among equal ranks is its own.
            let best = ready.filter { $0.value.level == started.level }.max { $0.value.rank < $1.value.rank }
            if let best, best.value.rank > started.rank {
                throw ScenarioAbort.fail(
                    "longest chain first broken at start \(judged + 1): started r\(index) (rank \(started.rank)) while r\(best.key) of the same level (rank \(best.value.rank)) was ready; ranks are chain lengths capped at \(cap)",
                    evidence: [
                        .note(
                            text:
                                "the scenario's last actions while a body held: \(lastActions.joined(separator: "; "))")
                    ])
            }
            ready[index] = nil
            judged += 1
        }
    }
}
