import QueueLabCore

/// One sentence of the contract (`TheContract` in QueueLabCore's documentation) or one promise a
/// scheduling policy declares, as the model-based checks enforce it. Every violation the model
/// reports names its clause, and every run counts how often each clause's situation arose.
///
/// `package`: a user meets clauses by id (``CheckOutcome/clauseCoverage``, verdicts) and reads
/// their sentences in the table of `TheContract`; the type itself is the model's.
package struct ContractClause: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Stable: printed in verdicts, coverage tables and beside the sentence in the documentation.
    package let id: String
    /// The sentence, shortened.
    package let sentence: String
    /// Checks whose declared known deviation (``KnownDeviation/checkID``) covers this clause, so an
    /// implementation that declares one is not judged on the clause (it is reported unverified).
    let deviationCheckIDs: [String]
    /// The promise the clause is of, nil for the queue contract every queue keeps.
    package let promise: OrderingPromises?

    init(_ id: String, _ sentence: String, deviations: [String] = [], promise: OrderingPromises? = nil) {
        self.id = id
        self.sentence = sentence
        self.deviationCheckIDs = deviations
        self.promise = promise
    }

    package var description: String { id }
    package static func < (lhs: ContractClause, rhs: ContractClause) -> Bool { lhs.id < rhs.id }
}

extension ContractClause {
    // An operation.
    static let states = ContractClause(
        "op.states",
        "one state at a time, forward only; a dependency added before the start sends ready back to pending")
    static let syncFinishes = ContractClause(
        "op.sync-finishes", "a synchronous body finishes its operation when it returns")
    static let asyncHolds = ContractClause(
        "op.async-holds", "an asynchronous operation stays executing, holding its slot, until finish()")
    static let bodyOnce = ContractClause("op.body-once", "a body runs at most once")
    static let cancelBeforeStart = ContractClause(
        "cancel.before-start", "cancelled before it started: never runs, ready at once, finishes without executing")
    static let cancelExecuting = ContractClause(
        "cancel.executing", "cancelled while executing: only the flag is set; it finishes as usual")
    static let cancelSuspended = ContractClause(
        "cancel.suspended", "cancelled while its queue is suspended: finishes without running, at once or on resume")
    static let cancelAll = ContractClause("cancel.all", "cancelAllOperations cancels every operation of the queue")
    static let completionOnce = ContractClause(
        "completion.once", "the completion handler runs exactly once, after the operation finished")
    static let completionPrompt = ContractClause(
        "completion.prompt", "the completion handler runs once the operation finished, while other bodies still run",
        deviations: ["completion.prompt"])
    static let misuseAdd = ContractClause(
        "misuse.add", "adding an operation already queued, executing or finished throws and changes nothing")
    static let misuseFinish = ContractClause(
        "misuse.finish", "finish() of a synchronous or not executing operation throws and changes nothing")
    static let reads = ContractClause(
        "queue.reads",
        "operations lists the unfinished operations in the order added; the counts and settings read back")

    // Dependencies and cycles.
    static let depsWait = ContractClause(
        "deps.wait", "an operation starts only once every dependency finished (a cancelled one once finished)")
    static let depsFinished = ContractClause("deps.finished", "a dependency on a finished operation changes nothing")
    static let depsLate = ContractClause("deps.late", "an edge added after queuing, before the start, holds")
    static let depsRemoved = ContractClause(
        "deps.removed", "a removed edge no longer holds", deviations: ["deps.removed", "liveness.dependency-removed"])
    static let depsCrossQueue = ContractClause("deps.cross-queue", "dependencies hold across queues")
    static let cycleRejected = ContractClause(
        "cycle.rejected", "the edge that would close a cycle is refused, naming the members in waits-for order")
    static let cycleDeadlock = ContractClause(
        "cycle.deadlock", "a queue that accepts a cycle never runs its members; a member's cancel releases it")

    // A queue.
    static let widthBound = ContractClause(
        "width.bound", "no operation starts while the executing ones fill maxConcurrentOperationCount")
    static let suspendHolds = ContractClause("suspend.holds", "nothing starts while the queue is suspended")
    static let batchAtomic = ContractClause(
        "batch.atomic", "a refused batch adds none of its members; an accepted one enters as one unit")
    static let barrierAfter = ContractClause(
        "barrier.after", "a barrier runs after every operation added before it", deviations: ["barrier.before"])
    static let barrierBefore = ContractClause(
        "barrier.before", "a barrier runs before every operation added after it", deviations: ["barrier.before"])
    static let barrierSuspended = ContractClause(
        "barrier.suspended", "a barrier added to a suspended queue waits for the resume",
        deviations: ["barrier.suspended", "barrier.before"])
    static let waitQueue = ContractClause(
        "wait.queue",
        "a queue's wait returns once what it covers finished, not before; a timed-out one names the unfinished")
    static let waitOperation = ContractClause(
        "wait.operation", "an operation's wait returns once it finished, not before")
    static let lifetimeBusy = ContractClause(
        "lifetime.busy", "a dropped queue with unfinished operations stays alive until they finished")
    static let observerPath = ContractClause(
        "observer.path", "each operation's transitions arrive in the order made, along the table of cases")

    // Every call that makes work runnable makes it run.
    static let wakeAdd = ContractClause("wake.add", "adding ready work to a queue with a free slot starts it")
    static let wakeResume = ContractClause("wake.resume", "resuming starts the ready work")
    static let wakeWidth = ContractClause("wake.width", "raising the width starts ready work")
    static let wakeSlot = ContractClause("wake.slot", "a finishing operation's slot goes to ready work")
    static let wakeDependency = ContractClause(
        "wake.dependency", "a dependency finishing, in this queue or another, starts its dependents")
    static let wakeEdgeRemoved = ContractClause(
        "wake.edge-removed", "removing an edge that held an operation starts it",
        deviations: ["deps.removed", "liveness.dependency-removed"])
    static let wakeCancel = ContractClause(
        "wake.cancel", "a cancel finishes a waiting operation and releases its dependents")
    static let wakeBarrier = ContractClause(
        "wake.barrier", "a barrier finishing starts the work behind it", deviations: ["barrier.before"])

    // The promises of a queue's order (its policy's, or strict priority and FIFO without one).
    static let strictPriority = ContractClause(
        "promise.strict-priority", "the highest ready priority starts first", promise: .strictPriority)
    static let fifoWithinLevel = ContractClause(
        "promise.fifo-within-level", "within a level, the operation ready first starts first",
        deviations: ["order.fifo-within-level"], promise: .fifoWithinLevel)
    static let lifoWithinLevel = ContractClause(
        "promise.lifo-within-level", "within a level, the operation ready last starts first", promise: .lifoWithinLevel)
    static let readyOrder = ContractClause(
        "promise.ready-order", "whatever their priority, operations start in the order they became ready",
        promise: .readyOrder)
    static let weightedShares = ContractClause(
        "promise.weighted-shares",
        "while the same levels have ready work, each level's starts stay within k+1 of its weighted share (k levels)",
        promise: .weightedShares)
    static let inheritance = ContractClause(
        "promise.priority-inheritance", "an operation is ordered by the highest priority of what waits for it",
        promise: .priorityInheritance)
    static let longestChain = ContractClause(
        "promise.longest-chain-first", "within a level, the longest chain of waiting operations first",
        promise: .longestChainFirst)
    static let relist = ContractClause(
        "promise.relist", "a ready operation whose priority changed is listed at its new level as the policy declares")

    /// Every clause, in the order of the documentation.
    package static let all: [ContractClause] = [
        states, syncFinishes, asyncHolds, bodyOnce, cancelBeforeStart, cancelExecuting, cancelSuspended, cancelAll,
        completionOnce, completionPrompt, misuseAdd, misuseFinish, reads, depsWait, depsFinished, depsLate, depsRemoved,
        depsCrossQueue,
        cycleRejected, cycleDeadlock, widthBound, suspendHolds, batchAtomic, barrierAfter, barrierBefore,
        barrierSuspended, waitQueue,
        waitOperation, lifetimeBusy, observerPath, wakeAdd, wakeResume, wakeWidth, wakeSlot, wakeDependency,
        wakeEdgeRemoved, wakeCancel, wakeBarrier, strictPriority, fifoWithinLevel, lifoWithinLevel, readyOrder,
        weightedShares, inheritance, longestChain, relist,
    ]

    /// The clause with this ID (as ``CheckOutcome/clauseCoverage`` keys them), or nil.
    package static func named(_ id: String) -> ContractClause? { all.first { $0.id == id } }

    /// The clauses an implementation that declares `deviations` is not judged on: those named
    /// by a deviation, directly or through the check that catches it.
    static func deviated(by deviations: [KnownDeviation]) -> [ContractClause] {
        all.filter { clause in
            deviations.contains { $0.checkID == clause.id || clause.deviationCheckIDs.contains($0.checkID) }
        }
    }
}
