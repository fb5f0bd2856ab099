import QueueLabCore

/// The contract as an executable model: a pure value that follows a generated program's calls and
/// the starts and finishes the queue reported, and says at each point what the queue may do next
/// and what it must have done. It never touches a queue; ``ProgramRunner`` feeds it.
///
/// What the model cannot know exactly it leaves open rather than guess: an operation listed while
/// the queue was already choosing (a dependency finishing on a worker) does not compete in the
/// order judgements of that step, and an unstarted cancelled operation may finish at once or when
/// a slot frees. Everything else is exact, because the program, not timing, ends every body.
struct ContractModel {
    struct Op {
        let index: Int
        let kind: BodyKind
        var level: Int
        var queue: Int?
        var addOrder = -1
        var started = false
        /// The program released the body (or called `finish()`): it finishes on its own now.
        var released = false
        /// The body returned (held and free bodies) or `finish()` returned (asynchronous).
        var bodyEnded = false
        var finished = false
        var cancelled = false
        /// Cancelled after it finished: `isCancelled` may read either way.
        var cancelledLate = false
        /// Cancelled by `cancelAllOperations`, which is not atomic: it may start before the cancel
        /// reaches it (released by an earlier operation the same call cancelled).
        var cancelledInBulk = false
        /// Its effective priority when the model last looked (-1: not yet), for ``relistInherited()``.
        var lastEffective = -1
        var completions = 0
        var dependencies: [Int] = []
        /// Where the operation stands among ready ones, while it is ready and unstarted.
        var listing: Listing?
        /// The highest chain rank it was ever seen with (ranks may be kept stale, never lowered).
        var peakRank = 0
        /// Barriers of its queue added before it, unfinished when it was added.
        var barriersBefore: [Int] = []
        /// For a barrier: the operations of its queue added before it.
        var before: [Int] = []

        var isBarrier: Bool { kind == .barrier }
        var isExecuting: Bool { started && !bodyEnded && !finished }
    }

    /// When an operation became ready: keys grow with every listing; `certain` is false for
    /// a listing made while the queue may already have been choosing (a dependency finished on a
    /// worker), so it does not compete in that step's order judgements.
    struct Listing {
        let key: Int
        let step: Int
        let certain: Bool
        /// False when the model learned of the listing later than it happened (a cancelled
        /// operation's finish it could not place): its key orders it against nothing.
        var exact = true
    }

    struct Queue {
        var width: Int
        var suspended = false
        var dropped = false
        var members: [Int] = []
        var window = ShareWindow()
    }

    let promises: OrderingPromises
    let policy: PolicyDeclaration?
    let capabilities: QueueCapabilities
    /// Clauses the implementation declares it breaks: not judged, reported unverified.
    let deviated: Set<String>
    private(set) var ops: [Op] = []
    private(set) var queues: [Queue] = []
    /// The program's calls so far: the order judgements compare a start with what was listed
    /// before the call that led to it.
    private(set) var step = 0
    private var nextKey = 0
    private var nextAddOrder = 0
    var coverage = ClauseCoverage()
    /// A weighted-shares stretch that broke the promise, found when the next one began.
    var pendingShareViolation: ModelViolation?

    init(
        queues widths: [Int], promises: OrderingPromises, policy: PolicyDeclaration?, capabilities: QueueCapabilities,
        deviated: Set<String>
    ) {
        self.promises = promises
        self.policy = policy
        self.capabilities = capabilities
        self.deviated = deviated
        queues = widths.map { Queue(width: $0) }
    }

    func judges(_ clause: ContractClause) -> Bool { !deviated.contains(clause.id) }

    // MARK: Queries

    var operationCount: Int { ops.count }
    var queueCount: Int { queues.count }
    func op(_ index: Int) -> Op { ops[index] }
    func queue(_ index: Int) -> Queue { queues[index] }

    /// Every dependency finished, or the operation cancelled.
    func dependenciesMet(_ index: Int) -> Bool {
        ops[index].cancelled || ops[index].dependencies.allSatisfy { ops[$0].finished }
    }

    /// Added, unstarted, unfinished and free to start as far as dependencies go.
    func isReady(_ index: Int) -> Bool {
        let op = ops[index]
        return op.queue != nil && !op.started && !op.finished && dependenciesMet(index)
    }

    /// Behind a barrier of its queue that has not finished.
    func isBehindBarrier(_ index: Int) -> Bool { ops[index].barriersBefore.contains { !ops[$0].finished } }

    /// A barrier whose earlier operations all finished.
    func barrierClear(_ index: Int) -> Bool { ops[index].before.allSatisfy { ops[$0].finished } }

    /// The queue must start this operation's body when a slot is free.
    func isStartable(_ index: Int) -> Bool {
        let op = ops[index]
        guard let queue = op.queue, isReady(index), !op.cancelled, !queues[queue].suspended else { return false }
        return op.isBarrier ? barrierClear(index) && !isBehindBarrier(index) : !isBehindBarrier(index)
    }

    /// Bodies running in the queue (or asynchronous operations not finished): what fills its width.
    /// A queue that declares barriers run beside later work is not held to count them.
    func executingCount(_ queue: Int) -> Int {
        let barriersCount = judges(.barrierBefore)
        return queues[queue].members.count { ops[$0].isExecuting && (barriersCount || !ops[$0].isBarrier) }
    }

    /// Whether the queue has a free slot.
    func hasFreeSlot(_ queue: Int) -> Bool { executingCount(queue) < queues[queue].width }

    /// Unfinished operations of the queue in the order added, barriers aside.
    func unfinished(_ queue: Int) -> [Int] { queues[queue].members.filter { !ops[$0].finished && !ops[$0].isBarrier } }

    /// An unstarted cancelled operation whose finish the model cannot place: its queue is
    /// suspended (at once or on resume), or its queue's width is full (at once or when a slot frees).
    func mayFinishLater(_ index: Int) -> Bool {
        let op = ops[index]
        guard let queue = op.queue, !op.started, !op.finished, op.cancelled else { return false }
        return queues[queue].suspended || !hasFreeSlot(queue) || isBehindBarrier(index)
            || (op.isBarrier && !barrierClear(index))
    }

    /// Cannot finish without another call of the program: the wait that covers it must time out.
    func isStuck(_ index: Int) -> Bool {
        var seen = Set<Int>()
        func stuck(_ index: Int) -> Bool {
            guard seen.insert(index).inserted else { return true }  // a cycle
            let op = ops[index]
            if op.finished { return false }
            if op.started { return !op.released }
            guard let queue = op.queue else { return true }
            if op.cancelled { return false }
            if queues[queue].suspended { return true }
            if op.dependencies.contains(where: { stuck($0) }) { return true }
            if op.barriersBefore.contains(where: { stuck($0) }) { return true }
            if op.isBarrier && op.before.contains(where: { stuck($0) }) { return true }
            // Ready: it starts when a slot frees, and slots free only when held bodies are released.
            return !hasFreeSlot(queue) || queues[queue].members.contains { ops[$0].isExecuting && !ops[$0].released }
        }
        return stuck(index)
    }

    /// The operations that wait for `index`, directly.
    func dependents(of index: Int) -> [Int] { ops.indices.filter { ops[$0].dependencies.contains(index) } }

    /// What waits for `index` directly, barriers included: its dependents, the barriers added
    /// after it to its queue, and, for a barrier, what was added after it.
    func waiters(of index: Int) -> [Int] {
        dependents(of: index)
            + ops.indices.filter { ops[$0].before.contains(index) || ops[$0].barriersBefore.contains(index) }
    }

    /// Whether `from` waits for `to`, directly or transitively.
    func waits(_ from: Int, for to: Int) -> Bool { path(from: from, to: to) != nil }

    /// A waits-for path from `from` to `to`, both included.
    func path(from: Int, to: Int) -> [Int]? {
        var previous: [Int: Int] = [from: from]
        var frontier = [from]
        while let node = frontier.popLast() {
            if node == to {
                var path = [to]
                while let last = path.last, last != from { path.append(previous[last]!) }
                return path.reversed()
            }
            // A barrier waits for what was added before it; what was added after waits for it.
            // Edges into finished work hold nothing: a cycle through one is no cycle.
            for next in ops[node].dependencies + ops[node].barriersBefore + ops[node].before
            where previous[next] == nil && !ops[next].finished {
                previous[next] = node
                frontier.append(next)
            }
        }
        return nil
    }

    // MARK: Changes the runner and the calls make

    mutating func beginStep() { step += 1 }

    mutating func appendOp(_ op: Op) { ops.append(op) }

    mutating func updateOp(_ index: Int, _ change: (inout Op) -> Void) { change(&ops[index]) }

    mutating func updateQueue(_ index: Int, _ change: (inout Queue) -> Void) { change(&queues[index]) }

    mutating func takeAddOrder() -> Int {
        defer { nextAddOrder += 1 }
        return nextAddOrder
    }

    /// Lists `index` as ready now (a fresh key), when it is.
    mutating func listIfReady(_ index: Int, certain: Bool, sharedKey: Int? = nil) {
        // Behind a barrier an operation is not yet ready to the queue's order: it is listed when
        // the barrier finishes.
        guard isReady(index), !ops[index].cancelled, !isBehindBarrier(index) else { return }
        let listing = Listing(key: sharedKey ?? takeKey(), step: step, certain: certain)
        ops[index].listing = listing
    }

    mutating func takeKey() -> Int {
        defer { nextKey += 1 }
        return nextKey
    }
}
