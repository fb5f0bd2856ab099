import QueueLabCore

/// `maxConcurrentOperationCount`: never exceeded, reached when enough work is ready, and held by
/// asynchronous operations until they call `finish()`.
enum WidthScenarios {
    static func limit<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try context.iterate(type) { h in
            let width = context.rng.int(in: 2...3)
            let queue = h.makeQueue("q", width: width)
            let meeting = Rendezvous(parties: width)
            let linger = h.makeGate()
            let arrivals = Counter()
            let reached = Counter()
            let deadline = h.deadline
            let window = context.observationWindow
            let patience = context.patience(atLeast: .seconds(2))
            let ops = (0..<(width * 3)).map { index in
                h.makeOperation("w\(index)", spinNanoseconds: 20_000) { _ in
                    guard arrivals.increment() <= width else { return }
                    // The first `width` bodies prove the width is reached by meeting, then stay a
                    // moment so that a queue exceeding the width shows it.
                    if meeting.arrive(until: deadline.capped(patience)) { reached.increment() }
                    linger.wait(until: deadline.capped(window))
                }
            }
            try h.add(ops, to: queue)
            try h.waitForAll()
            try h.validate { $0.width = width }
            try context.require(
                reached.value == width,
                "width \(width) never reached: only \(meeting.arrivals) of the first \(width) bodies were executing together",
                evidence: h.excerpt(for: []))
        }
        return ScenarioPass()
    }

    static func asynchronous<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try context.iterate(type) { h in
            let width = context.rng.int(in: 1...2)
            let queue = h.makeQueue("q", width: width)
            // The body returns at once; the work (and the end of the slot) comes later, on another thread.
            let ops = (0..<(width * 4)).map { index in
                h.makeOperation(
                    "a\(index)", asynchronous: true, spinNanoseconds: UInt64(context.rng.int(in: 200...800)) * 1_000)
            }
            try h.add(ops, to: queue)
            try h.waitForAll()
            try h.validate { $0.width = width }
        }
        return ScenarioPass()
    }
}

extension WidthScenarios {
    /// A body blocks until a second operation of its queue has run; the second is added only once
    /// the first is executing, so it needs a worker other than the blocked one: woken, started, or
    /// one already looking for work. At width 2 and at the default width that worker must come.
    static func blockingBody<Q: OperationQueueing>(_ type: Q.Type, _ context: ScenarioContext) throws
        -> ScenarioPass
    {
        try context.iterate(type) { h in
            for width in [nil, 2] { try blockingBody(h, context, width: width) }
        }
        return ScenarioPass()
    }

    private static func blockingBody<Q: OperationQueueing>(
        _ h: Harness<Q>, _ context: ScenarioContext, width: Int?
    ) throws {
        let queue = h.makeQueue(width.map { "q\($0)" } ?? "q", width: width)
        let firstRunning = h.makeGate()
        let secondRan = h.makeGate()
        let sawSecond = Counter()
        let deadline = h.deadline
        let patience = context.patience(atLeast: .seconds(2))
        let first = h.makeOperation("first") { _ in
            firstRunning.open()
            if secondRan.wait(until: deadline.capped(patience)) { sawSecond.increment() }
        }
        let second = h.makeOperation("second") { _ in secondRan.open() }
        let widthText = width.map { "width \($0)" } ?? "the default width"
        try h.add(first, to: queue)
        guard firstRunning.wait(until: deadline) else {
            // Nothing started at all: not this check's finding, a queue that does not move.
            throw ScenarioAbort.stale(
                "`first` did not start at \(widthText): \(context.stallDescription)",
                evidence: h.stallEvidence(first: nil))
        }
        try h.add(second, to: queue)
        try h.waitForAll()
        try h.validate { if let width { $0.width = width } }
        try context.require(
            sawSecond.value == 1,
            "`second`, added while `first` blocked waiting for it, did not run within \(patience) at \(widthText): "
                + "the queue left it waiting behind a blocked body",
            evidence: h.excerpt(for: []))
    }
}

/// A thread-safe counter for bodies.
final class Counter: Sendable {
    private let count = Locked(0)

    /// Adds one and returns the new value.
    @discardableResult
    func increment() -> Int {
        count.withLock {
            $0 += 1
            return $0
        }
    }

    var value: Int { count.withLock { $0 } }
}

extension Check {
    static let widthLimit = Check(
        id: "width.limit",
        summary: "executing never exceeds the width and reaches it",
        sight: .width,
        requirements: [.width],
        run: { queue, context in try WidthScenarios.limit(queue, context) })

    static let widthAsync = Check(
        id: "width.async",
        summary: "asynchronous operations hold their slot until finish()",
        sight: .width,
        requirements: [.width, .asynchronousOperations],
        run: { queue, context in try WidthScenarios.asynchronous(queue, context) })

    static let widthBlockingBody = Check(
        id: "width.blocking-body",
        summary: "a body blocked until a later operation of its queue runs does not stall it",
        sight: .width,
        requirements: [.width],
        run: { queue, context in try WidthScenarios.blockingBody(queue, context) })
}
