import QueueLabCore
import QueueLabInstructionCounting

/// What one execution of a workload produced, before the process-level figures are added.
package struct WorkloadOutcome: Sendable {
    package var operations: Int
    package var wallNanoseconds: UInt64
    /// Workload-specific figures (for example `efficiency` for `cpu`).
    package var extraFigures: [String: Double] = [:]

    package init(operations: Int, wallNanoseconds: UInt64, extraFigures: [String: Double] = [:]) {
        self.operations = operations
        self.wallNanoseconds = wallNanoseconds
        self.extraFigures = extraFigures
    }
}

/// Runs workloads on any `OperationQueueing` implementation: the same work for all.
package struct WorkloadExecution<Queue: OperationQueueing>: Sendable {
    package let workload: Workload
    package let harness: OperationHarness
    /// How long the queue may take to drain before the sample is reported as stalled.
    package let drainTimeout: Duration
    /// Under `valgrind --tool=callgrind --instr-atstart=no`: instrument exactly the timed phase
    /// (see `timedPhaseStarts()`). Off for the warm-up, whose instructions must not count.
    package let countsInstructions: Bool
    /// The policy every queue is made with (from the recipe); nil: the queue's own order.
    package let policy: PolicyDeclaration?
    private let makeNamedQueue: @Sendable (String?) -> Queue

    /// Queues made by `Queue(name:)`, in their own order.
    package init(
        workload: Workload, harness: OperationHarness, drainTimeout: Duration, countsInstructions: Bool = false
    ) {
        self.init(
            recipe: QueueMaker(Queue.self), workload: workload, harness: harness, drainTimeout: drainTimeout,
            countsInstructions: countsInstructions)
    }

    /// Queues made by `recipe`, with the policy it carries: every workload makes its queues here.
    package init<Recipe: QueueRecipe>(
        recipe: Recipe, workload: Workload, harness: OperationHarness, drainTimeout: Duration,
        countsInstructions: Bool = false
    ) where Recipe.Queue == Queue {
        self.workload = workload
        self.harness = harness
        self.drainTimeout = drainTimeout
        self.countsInstructions = countsInstructions
        self.policy = recipe.policy
        self.makeNamedQueue = { recipe.makeQueue(name: $0) }
    }

    /// How many operations the workload creates (sizes the harness's timestamp table).
    package static func operationCount(_ workload: Workload) -> Int {
        switch workload.kind {
        case .fanout: workload["rounds"] * (workload["k"] + 2)
        case .inversion: inversionOperationCount(workload)
        case .idle: IdleWorkload.operations
        case .replay: (try? ReplaySpec(workload).operationCount) ?? 0
        default: workload["n"]
        }
    }

    package func run() throws(SampleError) -> WorkloadOutcome {
        if let reason = workload.unsupportedReason(for: Queue.capabilities) { throw .unsupported(reason) }
        do {
            switch workload.kind {
            case .noop, .cpu: return try independent()
            case .chain: return try chain()
            case .fanout: return try fanout()
            case .dag: return try dag()
            case .priority: return try priority()
            case .cancel: return try cancel()
            case .async: return try asynchronous()
            case .producers: return try producers()
            case .exclusive: return try exclusive()
            case .ping: return try ping()
            case .overload: return try overload()
            case .inversion: return try inversion()
            case .makespan: return try makespan()
            case .open: return try openLoop()
            case .idle: return try idle()
            case .replay: return try replay()
            }
        } catch let error as SampleError {
            throw error
        } catch let error as QueueError {
            throw .queueError(error)
        } catch {
            throw .childFailed("\(error)")
        }
    }

    func makeQueue(width: Int = defaultMaxConcurrentOperationCount) -> Queue {
        let queue = makeNamedQueue("bench-\(workload.kind.rawValue)")
        if width != defaultMaxConcurrentOperationCount { queue.maxConcurrentOperationCount = width }
        return queue
    }

    /// A queue of its own name (a replay's recorded queues), at `width` unless that is the default.
    func makeQueue(named name: String?, width: Int) -> Queue {
        let queue = makeNamedQueue(name)
        if width != defaultMaxConcurrentOperationCount { queue.maxConcurrentOperationCount = width }
        return queue
    }

    /// A synchronous operation running the harness body; `byClass` also records its latency per priority level.
    func operation(_ index: Int, priority: QueuePriority = .normal, byClass: Bool = false) -> Queue.Operation {
        Queue.Operation(
            name: nil, priority: priority,
            body: harness.synchronousBody(index, priorityLevel: byClass ? priority.level : -1))
    }

    func drain(_ queue: Queue) throws(SampleError) {
        if case .timedOut(let report) = queue.waitUntilAllOperationsAreFinished(timeout: drainTimeout) {
            let lines = report.description.split(separator: "\n").prefix(8).joined(separator: " | ")
            throw .stalled(lines)
        }
    }

    /// Every workload's timed phase begins here (after its queue and setup exist) and ends in
    /// ``timedPhaseEnds(since:)``, so wall time and instruction counts cover the same code.
    /// The CPU clock is read outside the instruction window (its system call is not the queue's
    /// work) and around the wall-time one.
    func timedPhaseStarts() -> UInt64 {
        harness.timedPhaseStarts()
        if countsInstructions { InstructionCounting.windowOpens() }
        return MonotonicClock.now()
    }

    func timedPhaseEnds(since start: UInt64) -> UInt64 {
        let elapsed = MonotonicClock.now() &- start
        if countsInstructions { InstructionCounting.windowCloses() }
        harness.timedPhaseEnds()
        return elapsed
    }

    /// Ends the timed phase with the workload's own references to `operations` still held, so
    /// that they are freed after it, by this thread, whoever lets go of them last. Swift may
    /// release an array after its last use (before the drain), and a queue's worker may hold an
    /// operation a little after the drain; the last operation of a `chain` keeps all the others
    /// alive, so freeing it inside the phase or not moved Callgrind's count by a fifth.
    func timedPhaseEnds(since start: UInt64, keepingAlive operations: [Queue.Operation]) -> UInt64 {
        withExtendedLifetime(operations) { timedPhaseEnds(since: start) }
    }
}
