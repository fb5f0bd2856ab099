import QueueLabCore

/// Chooses a program's next call from the model's state: every call of the protocol, in every
/// state whose outcome the model can tell, with plans of several calls (a cycle of any length, a
/// backlog at a subset of levels, churn of priority changes) for the states no single call reaches.
struct ProgramGenerator {
    enum Focus: String, Sendable {
        /// The queue contract: every call, one to three queues of any width.
        case contract
        /// A policy's promises: width-1 queues with backlogs at subsets of levels that empty and
        /// rejoin, priority changes and cancels by the hundred, chains across levels and queues.
        case policy
    }

    let focus: Focus
    private var rng: SplitMix64
    private var planned: [ModelCall] = []
    /// A queue whose running work the next calls release one by one, and how many more: a long
    /// stretch of starts with no other call between them.
    private var draining: (queue: Int, left: Int)?

    init(focus: Focus, rng: SplitMix64) {
        self.focus = focus
        self.rng = rng
    }

    /// The widths of the program's queues. Never the default (-1), here or in a width call: past
    /// one slot its starts are the queue's choice, not the program's, so every later call (a
    /// cancel, a priority change, the next width) would race them.
    mutating func queueWidths() -> [Int] {
        switch focus {
        case .contract: (0..<int(1...3)).map { _ in int(1...3) }
        case .policy: [1] + (chance(0.5) ? [int(1...2)] : [])
        }
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int { rng.int(in: range) }
    private mutating func chance(_ p: Double) -> Bool { rng.chance(p) }
    private mutating func pick<T>(_ values: [T]) -> T? { values.isEmpty ? nil : values[int(0...(values.count - 1))] }

    /// The next call, or nil when nothing applies.
    mutating func next(_ model: ContractModel) -> ModelCall? {
        for _ in 0..<24 {
            if !planned.isEmpty {
                let call = planned.removeFirst()
                if model.isApplicable(call) { return call }
                continue
            }
            if let release = nextDrained(model) { return release }
            plan(model)
            if planned.isEmpty { continue }
        }
        return nil
    }

    private mutating func nextDrained(_ model: ContractModel) -> ModelCall? {
        guard let (queue, left) = draining else { return nil }
        let running = model.ops.indices.first {
            let op = model.op($0)
            return op.queue == queue && op.started && !op.released && op.kind != .free
        }
        guard left > 0, let running else {
            draining = nil
            return nil
        }
        draining = (queue, left - 1)
        return .release(op: running)
    }

    private mutating func plan(_ model: ContractModel) {
        let queues = model.queues.indices.filter { !model.queue($0).dropped }
        guard let queue = pick(queues) else { return }
        let ops = Array(model.ops.indices.filter { !model.op($0).isBarrier })
        let executing =
            ops.filter { model.op($0).started && !model.op($0).released && model.op($0).kind != .free }
            + model.ops.indices.filter { model.op($0).isBarrier && model.op($0).started && !model.op($0).released }
        let waiting = ops.filter { !model.op($0).started && !model.op($0).finished }
        var next = model.operationCount
        func newOp(_ kind: BodyKind, _ level: Int) -> Int {
            defer { next += 1 }
            planned.append(.make(op: next, kind: kind, level: level))
            return next
        }
        func randomLevel() -> Int { focus == .policy ? int(0...4) : pick([0, 1, 2, 2, 2, 3, 4])! }
        let roll = int(0...99)
        switch focus == .policy ? policyChoice(roll) : contractChoice(roll) {
        case 0:  // an operation, maybe with edges before it is queued
            let op = newOp(chance(0.2) ? .async : .held, randomLevel())
            for _ in 0..<(chance(0.3) ? int(1...2) : 0) {
                if let on = pick(ops) { planned.append(.addDependency(op: op, on: on)) }
            }
            planned.append(.add(op: op, queue: queue))
        case 1:  // a batch, waiting (free bodies) or not
            let wait = chance(0.3)
            let members = (0..<int(1...(focus == .policy ? 12 : 5))).map { _ in
                newOp(wait ? .free : (chance(0.2) ? .async : .held), randomLevel())
            }
            if !wait, members.count > 1, chance(0.3) {
                planned.append(.addDependency(op: members[1], on: members[0]))
            }
            if chance(0.1), let queued = pick(ops.filter { model.op($0).queue != nil }) {
                planned.append(.addBatch(ops: members + [queued], queue: queue, wait: false))  // refused
            }
            planned.append(.addBatch(ops: members, queue: queue, wait: wait))
        case 2:
            // Mostly to waiting work; sometimes to work that started, which it must not disturb.
            if let op = pick(chance(0.8) ? waiting : executing.filter { !model.op($0).isBarrier }), let on = pick(ops) {
                planned.append(.addDependency(op: op, on: on))
            }
        case 3:
            if let op = pick(ops.filter { !model.op($0).dependencies.isEmpty && !model.op($0).started }),
                let on = pick(model.op(op).dependencies)
            {
                planned.append(.removeDependency(op: op, on: on))
            }
        case 4:
            if let op = pick(chance(0.7) ? waiting : ops) { planned.append(.cancel(op: op)) }
        case 5: planned.append(.cancelAll(queue: queue))
        case 6:
            let changes = focus == .policy && chance(0.2) ? int(10...300) : 1
            if let op = pick(chance(0.8) ? waiting : ops) {
                for _ in 0..<changes { planned.append(.setPriority(op: op, level: int(0...4))) }
            }
        case 7: planned.append(.setWidth(queue: queue, width: focus == .policy ? int(1...2) : int(1...4)))
        case 8: planned.append(.setSuspended(queue: queue, suspended: !model.queue(queue).suspended))
        case 9: planned.append(.addBarrier(op: next, queue: queue))
        case 10, 11, 12:
            if let op = pick(executing) { planned.append(.release(op: op)) }
        case 13:
            // Misuse: finish() or a second add, in each state it has. The state is drawn first and
            // the operation within it, so that a state few operations are in (asynchronous work
            // waiting in a queue) is drawn as often as a common one, whatever the program made.
            let finishing = chance(0.5)
            if let op = pick(misuseStates(model, ops, finishing: finishing)).flatMap({ pick($0) }) {
                planned.append(finishing ? .misuseFinish(op: op) : .add(op: op, queue: queue))
            }
        case 14:
            if chance(0.5) {
                planned.append(.waitQueue(queue: queue, bounded: chance(0.7)))
            } else if let op = pick(ops) {
                planned.append(.waitOperation(op: op, bounded: chance(0.7)))
            }
        case 15:
            if let op = pick(ops), chance(0.5) {
                planned.append(.readOperation(op: op))
            } else {
                planned.append(.read(queue: queue))
            }
        case 16:
            // A queue dropped while its work waits on another's.
            if queues.count > 1 { planned.append(.dropQueue(queue: queue)) }
        case 17:
            // A cycle: within one queue or across them, of 1 to hundreds of members.
            let length = chance(0.2) ? int(20...(focus == .policy ? 60 : 300)) : int(1...4)
            let members = (0..<length).map { _ in newOp(.held, randomLevel()) }
            for (offset, member) in members.enumerated() where offset > 0 {
                planned.append(.addDependency(op: member, on: members[offset - 1]))
            }
            for member in members { planned.append(.add(op: member, queue: pick(queues)!)) }
            planned.append(.addDependency(op: members[0], on: members[length - 1]))
        case 18:
            // A backlog at a subset of levels, added while suspended so that it is ready at once.
            planned.append(.setSuspended(queue: queue, suspended: true))
            let levels = (0...4).filter { _ in chance(0.5) }
            for level in levels.isEmpty ? [int(0...4)] : levels {
                let members = (0..<int(1...(focus == .policy ? 60 : 4))).map { _ in newOp(.held, level) }
                if chance(0.5) {
                    planned.append(.addBatch(ops: members, queue: queue, wait: false))
                } else {
                    for member in members { planned.append(.add(op: member, queue: queue)) }
                }
            }
            planned.append(.setSuspended(queue: queue, suspended: false))
        case 19:
            // Hundreds of cancels: stale entries past any internal budget.
            let count = int(20...200)
            let members = (0..<count).map { _ in newOp(.held, int(0...4)) }
            planned.append(.setSuspended(queue: queue, suspended: true))
            planned.append(.addBatch(ops: members, queue: queue, wait: false))
            for member in members where chance(0.9) { planned.append(.cancel(op: member)) }
            planned.append(.setSuspended(queue: queue, suspended: false))
        case 20:
            // A chain across levels and queues behind a ready operation.
            let length = int(2...6)
            let members = (0..<length).map { _ in newOp(.held, int(0...4)) }
            for (offset, member) in members.enumerated() where offset > 0 {
                planned.append(.addDependency(op: member, on: members[offset - 1]))
            }
            for member in members { planned.append(.add(op: member, queue: pick(queues)!)) }
        case 21:
            // Two dependencies, the second mostly in another queue than the waiter's: one
            // finishes, then the other finishes or an edge is removed. Either may finish last, so
            // the wake-up that frees the waiter may come from its first dependency or its second,
            // from its own queue or another. The waiter goes to an idle queue when there is one:
            // a slot is free the moment it is runnable, so a missed wake-up shows at once instead
            // of being covered by that queue's next start.
            let queue = pick(queues.filter { model.unfinished($0).isEmpty && !model.queue($0).suspended }) ?? queue
            let first = newOp(.held, randomLevel())
            let second = newOp(chance(0.3) ? .async : .held, randomLevel())
            let waiter = newOp(.held, randomLevel())
            let others = queues.filter { $0 != queue }
            planned += [
                .add(op: first, queue: pick(queues)!),
                .add(op: second, queue: chance(0.7) ? pick(others) ?? queue : pick(queues)!),
                .addDependency(op: waiter, on: first), .addDependency(op: waiter, on: second),
                .add(op: waiter, queue: queue),
            ]
            let (early, late) = chance(0.5) ? (first, second) : (second, first)
            planned.append(.release(op: early))
            planned.append(
                chance(0.5) ? .removeDependency(op: waiter, on: chance(0.5) ? first : second) : .release(op: late))
        case 22:
            // A queue dropped while its only work waits on another queue's; half the time work of
            // its own finishes first, leaving the queue busy with pending work and nothing runnable.
            guard queues.count > 1, let emptied = pick(queues.filter { model.unfinished($0).isEmpty }),
                let other = pick(queues.filter { $0 != emptied })
            else { return }
            let queue = emptied
            let dependency = newOp(.held, randomLevel())
            let waiter = newOp(.held, randomLevel())
            let own = chance(0.5) ? newOp(.held, randomLevel()) : nil
            planned += [.add(op: dependency, queue: other), .addDependency(op: waiter, on: dependency)]
            if let own {
                if model.queue(queue).suspended { planned.append(.setSuspended(queue: queue, suspended: false)) }
                planned.append(.add(op: own, queue: queue))
            }
            planned += [.add(op: waiter, queue: queue), .dropQueue(queue: queue)]
            if let own { planned.append(.release(op: own)) }
            planned.append(.release(op: dependency))
        case 23:
            // Waits that must time out: a suspended queue with work, a cancelled executing operation.
            if chance(0.5) {
                planned += [
                    .setSuspended(queue: queue, suspended: true), .add(op: newOp(.held, randomLevel()), queue: queue),
                    .waitQueue(queue: queue, bounded: true),
                ]
                if let op = pick(waiting) { planned.append(.waitOperation(op: op, bounded: true)) }
            } else if let op = pick(executingToCancel(model, executing)) {
                planned += [
                    .cancel(op: op), .waitOperation(op: op, bounded: true), .waitQueue(queue: queue, bounded: true),
                ]
            }
        case 24:
            // A cancel of an operation waiting for a slot, then a slot frees.
            planned.append(.setWidth(queue: queue, width: max(1, model.executingCount(queue))))
            let op = newOp(.held, randomLevel())
            planned += [.add(op: op, queue: queue), .cancel(op: op)]
            if let running = pick(executing.filter { model.op($0).queue == queue }) {
                planned.append(.release(op: running))
            }
        case 25:
            // A barrier behind work still pending on another queue's.
            let dependency = newOp(.held, randomLevel())
            let pending = newOp(.held, randomLevel())
            planned += [
                .add(op: dependency, queue: pick(queues)!), .addDependency(op: pending, on: dependency),
                .add(op: pending, queue: queue), .addBarrier(op: next, queue: queue),
            ]
            next += 1
            planned += [.add(op: newOp(.held, randomLevel()), queue: queue), .release(op: dependency)]
        case 27:
            // Operations released by their dependencies one after another while no slot is free,
            // then a slot frees: which of them starts first is the declared order's to decide.
            // Half the time they share one level and some have work waiting behind them, so that
            // the chain behind each, not the level, decides between them.
            let count = int(2...5)
            let shared = chance(0.5) ? randomLevel() : nil
            let dependencies = (0..<count).map { _ in newOp(.held, randomLevel()) }
            let waiters = (0..<count).map { _ in newOp(.held, shared ?? randomLevel()) }
            if model.queue(queue).suspended { planned.append(.setSuspended(queue: queue, suspended: false)) }
            planned.append(.setWidth(queue: queue, width: model.executingCount(queue) + count))
            for dependency in dependencies { planned.append(.add(op: dependency, queue: queue)) }
            for (waiter, dependency) in zip(waiters, dependencies) {
                planned += [.addDependency(op: waiter, on: dependency), .add(op: waiter, queue: queue)]
                if shared != nil, chance(0.5) {
                    let follower = newOp(.held, randomLevel())
                    planned += [.addDependency(op: follower, on: waiter), .add(op: follower, queue: pick(queues)!)]
                }
            }
            planned.append(.setWidth(queue: queue, width: 1))
            for dependency in dependencies { planned.append(.release(op: dependency)) }
        case 28:
            // Exactly two levels with a backlog on a width-1 queue, drained with no other call
            // between the starts: the stretch a share promise is judged over.
            // Mostly neighbouring levels with a long backlog at the heavier one: there a share
            // the promise owes the lighter level is several starts, more than the k + 1 it allows
            // any stretch to be off by; two levels far apart in weight owe the lighter one little.
            let idle = queues.filter { model.unfinished($0).isEmpty }
            let queue = pick(idle) ?? queue
            let levels: [Int]
            if chance(0.7) {
                let lighter = int(0...3)
                levels = [lighter, lighter + 1]
            } else {
                let first = int(0...4)
                levels = [first, (first + int(1...4)) % 5]
            }
            planned += [.setWidth(queue: queue, width: 1), .setSuspended(queue: queue, suspended: true)]
            var members: [Int] = []
            for level in levels {
                members += (0..<int(level == levels.max() ? 15...40 : 5...40)).map { _ in newOp(.held, level) }
            }
            planned += [
                .addBatch(ops: members, queue: queue, wait: false), .setSuspended(queue: queue, suspended: false),
            ]
            draining = (queue, members.count)
        case 29:
            // A chain waiting behind running work, and a rival ready at a level between the
            // chain's: what the chain's first member inherited decides the start once the running
            // work ends.
            let queue = pick(queues.filter { model.unfinished($0).isEmpty }) ?? queue
            if !model.unfinished(queue).isEmpty {
                // Cleared first: work of its own ready beside the chain could take the start that
                // decides between the chain's first member and the rival.
                planned.append(.cancelAll(queue: queue))
                for op in executing where model.op(op).queue == queue { planned.append(.release(op: op)) }
            }
            let low = int(0...2)
            let high = int((low + 2)...4)
            let running = newOp(.held, randomLevel())
            let first = newOp(.held, low)
            let last = newOp(.held, high)
            let rival = newOp(.held, int((low + 1)...(high - 1)))
            planned += [.setWidth(queue: queue, width: 1), .setSuspended(queue: queue, suspended: false)]
            planned += [
                .add(op: running, queue: queue), .addDependency(op: first, on: running),
                .addDependency(op: last, on: first), .add(op: first, queue: queue), .add(op: last, queue: queue),
                .add(op: rival, queue: queue), .release(op: running),
            ]
        default:
            // A priority change of a ready operation, then a start decides between it and another.
            let running = newOp(.held, randomLevel())
            let changed = newOp(.held, int(0...2))
            let other = newOp(.held, int(1...3))
            planned += [
                .setWidth(queue: queue, width: 1), .add(op: running, queue: queue), .add(op: changed, queue: queue),
                .add(op: other, queue: queue), .setPriority(op: changed, level: int(0...4)), .release(op: running),
            ]
        }
    }

    /// The running work a timed-out wait's plan cancels: asynchronous work half the time when some
    /// runs, since its cancel while executing is the one a queue that tracks only synchronous
    /// bodies can drop, and asynchronous work is a fifth of what the program makes.
    private mutating func executingToCancel(_ model: ContractModel, _ executing: [Int]) -> [Int] {
        let running = executing.filter { !model.op($0).isBarrier }
        let asynchronous = running.filter { model.op($0).kind == .async }
        return chance(0.5) && !asynchronous.isEmpty ? asynchronous : running
    }

    /// The operations a misuse call can name, one group per state it must be refused in: for
    /// finish(), asynchronous work not yet added, waiting in a queue, or done with, and synchronous
    /// work; for a second add, work waiting in a queue, running, or finished (and work not yet
    /// added, whose add is no misuse). Empty groups are left out.
    private func misuseStates(_ model: ContractModel, _ ops: [Int], finishing: Bool) -> [[Int]] {
        let queued = ops.filter { model.op($0).queue != nil }
        let waiting = queued.filter { !model.op($0).started && !model.op($0).finished }
        let groups: [[Int]]
        if finishing {
            let asynchronous = ops.filter { model.op($0).kind == .async }
            groups = [
                asynchronous.filter { model.op($0).queue == nil },
                waiting.filter { model.op($0).kind == .async },
                asynchronous.filter { model.op($0).released || model.op($0).finished },
                ops.filter { model.op($0).kind != .async },
            ]
        } else {
            groups = [
                waiting,
                queued.filter { model.op($0).started && !model.op($0).finished },
                queued.filter { model.op($0).finished },
                ops.filter { model.op($0).queue == nil },
            ]
        }
        return groups.filter { !$0.isEmpty }
    }

    /// How often each plan is chosen, in percent: calls alone (0 to 16), then the plans; each table sums to 100.
    private static let contractWeights: [(plan: Int, percent: Int)] = [
        (0, 14), (1, 5), (2, 5), (3, 4), (4, 5), (5, 1), (6, 5), (7, 4), (8, 4), (9, 3), (10, 17), (13, 3), (14, 3),
        (15, 3), (16, 1), (17, 3), (18, 2), (19, 1), (20, 2), (21, 3), (22, 2), (23, 2), (24, 2), (25, 2), (26, 2),
        (27, 2),
    ]

    private static let policyWeights: [(plan: Int, percent: Int)] = [
        (0, 10), (1, 4), (2, 4), (3, 2), (4, 5), (6, 8), (7, 2), (8, 2), (10, 23), (14, 2), (17, 1), (18, 12),
        (19, 3), (20, 8), (21, 2), (26, 2), (27, 3), (28, 4), (29, 3),
    ]

    private func contractChoice(_ roll: Int) -> Int { Self.choose(roll, Self.contractWeights) }
    private func policyChoice(_ roll: Int) -> Int { Self.choose(roll, Self.policyWeights) }

    private static func choose(_ roll: Int, _ weights: [(plan: Int, percent: Int)]) -> Int {
        var left = roll
        for (plan, percent) in weights {
            if left < percent { return plan }
            left -= percent
        }
        return weights.last!.plan
    }
}
