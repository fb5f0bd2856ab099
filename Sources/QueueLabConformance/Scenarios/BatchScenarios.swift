import QueueLabCore

/// `addOperations(_:waitUntilFinished:)` adds a batch as one unit, as Foundation does: on an idle
/// serial queue no member starts before every member is in. A queue that admits members one at
/// a time loses this race only now and then (QueueLab's own queues did, in 2 to 4 % of batches),
/// so the check repeats it many times, and each repetition costs only a few empty operations.
enum BatchScenarios {
    /// Batches per check: at a 1 % loss rate, `default` misses with probability 0.99^1500 < 1e-6.
    static func rounds(_ level: ConformanceLevel) -> Int {
        switch level {
        case .quick: 300
        case .default: 1_500
        case .stress: 6_000
        }
    }

    static func atomic<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        let harness = Harness<Q>(context: context)
        defer { harness.close() }
        let queue = harness.makeQueue("serial", width: 1)
        let rounds = rounds(context.level)
        for round in 0..<rounds {
            context.currentPhase = "batch \(round + 1) of \(rounds)"
            if round.isMultiple(of: 2) {
                try priorityOrder(queue, harness, round: round)
            } else {
                try cancelFromFirstMember(queue, harness, round: round)
            }
        }
        return ScenarioPass("\(rounds) batches on an idle serial queue")
    }

    /// Five members, one per priority level, in a shuffled order whose first member is not the
    /// highest. Under every policy the first body to start must see every member in the queue
    /// (nothing starts before the whole batch is in); when the policy's promises fix an order
    /// (strict priority: highest to lowest; ready order: as added) they must also start in it.
    private static func priorityOrder<Q: OperationQueueing>(_ queue: Q, _ h: Harness<Q>, round: Int) throws {
        var priorities = QueuePriority.allCases
        priorities.shuffle(using: &h.context.rng)
        if priorities[0] == .veryHigh { priorities.swapAt(0, 1) }
        let started = StartLog<QueuePriority>()
        let firstSaw = StartLog<Set<OperationID>>()
        let batch = priorities.map { priority in
            Q.Operation(
                name: "\(priority)", priority: priority,
                // Weakly: an operation must not keep the queue alive (see `cancelFromFirstMember`).
                body: .synchronous { [weak queue] _ in
                    if started.append(priority) == 0 { firstSaw.append(Set(queue?.operations.map(\.id) ?? [])) }
                })
        }
        try queue.addOperations(batch, waitUntilFinished: false)
        try h.waitForAll("batch \(round + 1)")
        let order = started.snapshot
        let seen = firstSaw.snapshot.first ?? []
        let members = Set(batch.map(\.id))
        try h.context.require(
            seen.isSuperset(of: members),
            "batch \(round + 1): the first member to start (\(order.first.map { "\($0)" } ?? "none")) saw \(seen.intersection(members).count) of the \(batch.count) members in the queue; a batch must be admitted as one unit"
        )
        guard let promised = PromisedOrder(h.context.promises) else { return }
        let expected = promised.expected(priorities).map { priorities[$0] }
        try h.context.require(
            order == expected,
            "batch \(round + 1): members added as \(names(priorities)) to an idle serial queue ran \(names(order)), not \(names(expected)) (\(promised)); a batch must be admitted as one unit, then run in the promised order"
        )
    }

    /// The first member to start, whichever the policy picks, cancels all operations: the other
    /// members are in the queue by then and must never run.
    private static func cancelFromFirstMember<Q: OperationQueueing>(_ queue: Q, _ h: Harness<Q>, round: Int) throws {
        let ran = StartLog<String>()
        let members = (0..<5).map { index in
            Q.Operation(
                name: "member\(index)", priority: index == 0 ? .veryHigh : .normal,
                // Weakly: a body that holds the queue may drop its last reference on the queue's
                // own worker, after the check released it, which some queues cannot survive.
                body: .synchronous { [weak queue] op in
                    if ran.append(op.name ?? "") == 0 { queue?.cancelAllOperations() }
                })
        }
        try queue.addOperations(members, waitUntilFinished: false)
        try h.waitForAll("batch \(round + 1)")
        let escaped = ran.snapshot.dropFirst()
        try h.context.require(
            escaped.isEmpty,
            "batch \(round + 1): the first member to start (\(ran.snapshot.first ?? "")) called cancelAllOperations(), yet \(escaped.joined(separator: ", ")) ran: they were not in the queue yet (a batch must be admitted as one unit)"
        )
    }

    private static func names(_ priorities: [QueuePriority]) -> String {
        priorities.map { "\($0)" }.joined(separator: ", ")
    }
}

/// What bodies saw, in order; thread-safe.
final class StartLog<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `values` is only touched under `lock`.
    private let lock = NSLockBox()
    private var values: [Value] = []

    /// Appends `value`; returns how many values came before it.
    @discardableResult
    func append(_ value: Value) -> Int {
        lock.withLock {
            values.append(value)
            return values.count - 1
        }
    }

    var snapshot: [Value] { lock.withLock { values } }
}
