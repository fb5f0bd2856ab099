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

/// A thread-safe counter for bodies.
final class Counter: @unchecked Sendable {
    // @unchecked Sendable: `count` is only touched under `lock`.
    private let lock = NSLockBox()
    private var count = 0

    /// Adds one and returns the new value.
    @discardableResult
    func increment() -> Int {
        lock.withLock {
            count += 1; return count
        }
    }

    var value: Int { lock.withLock { count } }
}
