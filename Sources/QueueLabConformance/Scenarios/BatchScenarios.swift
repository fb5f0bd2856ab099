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
    /// highest: they must run from highest to lowest.
    private static func priorityOrder<Q: OperationQueueing>(_ queue: Q, _ h: Harness<Q>, round: Int) throws {
        var priorities = QueuePriority.allCases
        priorities.shuffle(using: &h.context.rng)
        if priorities[0] == .veryHigh { priorities.swapAt(0, 1) }
        let started = StartLog<QueuePriority>()
        let batch = priorities.map { priority in
            Q.Operation(name: "\(priority)", priority: priority, body: .synchronous { _ in started.append(priority) })
        }
        try queue.addOperations(batch, waitUntilFinished: false)
        try h.waitForAll("batch \(round + 1)")
        let order = started.snapshot
        try h.context.require(
            order == QueuePriority.allCases.sorted(by: >),
            "batch \(round + 1): members added as \(names(priorities)) to an idle serial queue ran \(names(order)); a batch must be admitted as one unit, then run in priority order"
        )
    }

    /// The first member (the highest priority) cancels all operations: the other members are in
    /// the queue by then and must never run.
    private static func cancelFromFirstMember<Q: OperationQueueing>(_ queue: Q, _ h: Harness<Q>, round: Int) throws {
        let ran = StartLog<String>()
        let first = Q.Operation(
            name: "canceller", priority: .veryHigh, body: .synchronous { _ in queue.cancelAllOperations() })
        let rest = (0..<4).map { index in
            Q.Operation(
                name: "member\(index)", priority: .normal, body: .synchronous { op in ran.append(op.name ?? "") })
        }
        try queue.addOperations([first] + rest, waitUntilFinished: false)
        try h.waitForAll("batch \(round + 1)")
        let escaped = ran.snapshot
        try h.context.require(
            escaped.isEmpty,
            "batch \(round + 1): the first member called cancelAllOperations(), yet \(escaped.joined(separator: ", ")) ran: they were not in the queue yet (a batch must be admitted as one unit)"
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

    func append(_ value: Value) { lock.withLock { values.append(value) } }

    var snapshot: [Value] { lock.withLock { values } }
}
