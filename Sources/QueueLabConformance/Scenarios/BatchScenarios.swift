import QueueLabCore

/// `addOperations(_:waitUntilFinished:)` adds a batch as one unit, as Foundation does: on a serial
/// queue no member starts before every member is in. A queue that admits members one at a time
/// loses this race only now and then, so the check repeats it many times, and each repetition
/// costs only a few empty operations.
///
/// Power is measured, not assumed: a batch *landed* when the queue's worker ran before
/// `addOperations` returned (``AddWindow``), the only window in which a member admitted late could
/// be missing. Each batch is added while a ``BatchRunway`` holds the worker running, so that it is
/// on a core when the add begins, and a delivery the add call makes on its own thread waits for
/// the worker (``AddHold``); the check runs at least the level's batches and goes on, within
/// its time, until enough landed for the level's floor (``ConformanceLevel/batchRaceFloorOneIn``),
/// and says UNDERPOWERED when it could not.
enum BatchScenarios {
    /// Batches per check at least: at a 1 % loss rate among landed batches, `default` misses with
    /// probability 0.99^1500 < 1e-6 when most land.
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
        let hold = AddHold(recording: harness.recorder)
        if harness.observed { queue.setStateObserver(hold) }
        let least = rounds(context.level)
        let targetOneIn = context.level.batchRaceFloorOneIn
        let needed = CheckPower.eventsNeeded(oneIn: targetOneIn)
        // The rest of the bound is margin for the last batch's wait.
        let budget = context.deadline.capped(context.timeBound * 3 / 4)
        var round = 0
        var landed = 0
        while round < least || (landed < needed && !budget.hasPassed) {
            context.currentPhase = "batch \(round + 1) (at least \(least); \(landed) of \(needed) landed)"
            let window = AddWindow()
            hold.watch(window)
            let add = try runway(queue, harness, round: round, window)
            if round.isMultiple(of: 2) {
                try priorityOrder(queue, harness, round: round, window, add)
            } else {
                try cancelFromFirstMember(queue, harness, round: round, window, add)
            }
            if window.landed { landed += 1 }
            round += 1
        }
        let power = CheckPower(
            event: "batches added while the queue's worker ran", landed: landed, attempts: round,
            targetOneIn: targetOneIn)
        var pass = ScenarioPass("\(round) batches on a serial queue, \(power)")
        pass.power = power
        return pass
    }

    /// Starts a runway on the queue and returns the batch's add: it ends the runway just before
    /// adding, inside `window`.
    private static func runway<Q: OperationQueueing>(
        _ queue: Q, _ h: Harness<Q>, round: Int, _ window: AddWindow
    ) throws -> ([Q.Operation]) throws -> Void {
        let runway = BatchRunway(window: window)
        let runwayOperation = Q.Operation(name: "runway", priority: .normal, body: .synchronous { _ in runway.body() })
        try queue.addOperation(runwayOperation)
        h.context.currentPhase = "batch \(round + 1): waiting for its runway to start"
        guard h.deadline.keepWaiting({ runway.waitUntilRunning(until: Deadline(after: $0)) }) else {
            try h.waitForAll("the runway of batch \(round + 1)")
            throw ScenarioAbort.stale("the runway of batch \(round + 1) never started", evidence: [])
        }
        return { batch in
            try window.add { () throws(QueueError) in
                runway.release()
                try queue.addOperations(batch, waitUntilFinished: false)
            }
        }
    }

    /// Five members, one per priority level, in a shuffled order whose first member is not the
    /// highest. Under every policy the first body to start must see every member in the queue
    /// (nothing starts before the whole batch is in); when the policy's promises fix an order
    /// (strict priority: highest to lowest; ready order: as added) they must also start in it.
    private static func priorityOrder<Q: OperationQueueing>(
        _ queue: Q, _ h: Harness<Q>, round: Int, _ window: AddWindow, _ add: ([Q.Operation]) throws -> Void
    ) throws {
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
                    if started.append(priority) == 0 {
                        window.queueRan()
                        firstSaw.append(Set(queue?.operations.map(\.id) ?? []))
                    }
                })
        }
        try add(batch)
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
            "batch \(round + 1): members added as \(names(priorities)) to a serial queue as its previous operation ended ran \(names(order)), not \(names(expected)) (\(promised)); a batch must be admitted as one unit, then run in the promised order"
        )
    }

    /// The first member to start, whichever the policy picks, cancels all operations: the other
    /// members are in the queue by then and must never run.
    private static func cancelFromFirstMember<Q: OperationQueueing>(
        _ queue: Q, _ h: Harness<Q>, round: Int, _ window: AddWindow, _ add: ([Q.Operation]) throws -> Void
    ) throws {
        let ran = StartLog<String>()
        let members = (0..<5).map { index in
            Q.Operation(
                name: "member\(index)", priority: index == 0 ? .veryHigh : .normal,
                // Weakly: a body that holds the queue may drop its last reference on the queue's
                // own worker, after the check released it, which some queues cannot survive.
                body: .synchronous { [weak queue] op in
                    if ran.append(op.name ?? "") == 0 {
                        window.queueRan()
                        queue?.cancelAllOperations()
                    }
                })
        }
        try add(members)
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
final class StartLog<Value: Sendable>: Sendable {
    private let values = Locked<[Value]>([])

    /// Appends `value`; returns how many values came before it.
    @discardableResult
    func append(_ value: Value) -> Int {
        values.withLock { values in
            values.append(value)
            return values.count - 1
        }
    }

    var snapshot: [Value] { values.withLock { $0 } }
}

extension Check {
    static let batchAtomic = Check(
        id: "batch.atomic",
        summary:
            "a batch enters a serial queue as one unit, added while its worker runs: the first body sees every member, the promised order, and a member's cancelAll reaches the rest",
        sight: CheckSight(
            sees:
                "a batch admitted as one unit on a serial queue whose worker runs during the add: the first body sees every member, the promised order, a member's `cancelAllOperations` reaching the rest",
            cannotSee:
                "a member admitted late in fewer than 1 in 50 landed batches (`default`; a batch lands when the worker ran inside the add call), a member admitted late by a queue that admits after the call returned (a mailbox), and nothing when too few land (then UNDERPOWERED)"
        ),
        requirements: [.priorities, .width, .cancellation],
        run: { queue, context in try BatchScenarios.atomic(queue, context) })
}
