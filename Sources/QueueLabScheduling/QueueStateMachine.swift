import QueueLabCore

/// The scheduling state of one queue, without threads or locks: every transition is a pure
/// `mutating` step that says what must happen once the caller left its serialisation (a lock for
/// the lock queue, the scheduler actor for the actor queue).
///
/// Width: an operation holds a slot from the moment a worker takes it until it finishes. With
/// the default width (-1, "the system chooses") the slots stand for threads running bodies, as
/// with Foundation, whose default width lets thousands of asynchronous operations be in flight:
/// an asynchronous operation then gives its slot back when its body returns. With an explicit
/// width it keeps the slot until `finish()`.
///
/// Which ready operation goes next is the ``SchedulingPolicy``'s decision, chosen at `init`
/// (``StrictPolicy``, Foundation's rule, by default). The machine keeps what every policy needs:
/// the count of ready operations, the stamps on each listed operation, and the tickets that make
/// an entry stale instead of searched for.
///
/// - Complexity: every transition is O(1) amortised, plus the policy's cost (O(1) amortised for
///   the built-in ones, O(log n) at most for any policy).
public struct QueueStateMachine {
    private(set) var slot: PolicySlot
    /// Operations listed ready (placed `readyListed`).
    public private(set) var readyCount = 0
    /// Listings so far: the source of ``ScheduledOperation/readyOrder``.
    private var listings: UInt64 = 0
    /// For tests of the bare machine: the time a clock-reading policy sees, instead of the clock.
    package var clockForTesting: UInt64?

    /// For a simulation in virtual time (QueueLabSimulation): the time a clock-reading policy sees
    /// (`aging`), in nanoseconds, instead of the clock; nil (the default) reads the clock. The same
    /// seam as `clockForTesting`, public because a simulator is not a test.
    public var virtualTime: UInt64? {
        get { clockForTesting }
        set { clockForTesting = newValue }
    }
    /// Operations taken by workers and not finished: the width in use.
    public private(set) var executing = 0
    /// Whether the queue is suspended: while it is, no operation starts.
    public private(set) var isSuspended = false
    /// The requested width (-1: the queue's default).
    public private(set) var maxConcurrentOperationCount = defaultMaxConcurrentOperationCount
    /// The width while no ``maxConcurrentOperationCount`` is requested (at least 1).
    public let defaultWidth: Int

    /// Workers alive, and of those, parked waiting for work.
    public private(set) var workers = 0
    /// Parked workers that no signal was sent to yet.
    public private(set) var idleWorkers = 0
    /// Signals sent to parked workers that they have not consumed yet.
    private(set) var wakeTokens = 0
    /// Workers looking for work without parking (see ``workerStartsSpinning()``), not yet nudged.
    public private(set) var spinningWorkers = 0
    /// Nudges sent to spinning workers that none of them has consumed yet.
    private(set) var nudgeTokens = 0
    /// Batches being admitted: while one is, nothing starts, so that no member of a batch runs
    /// before the others are in (a lower-priority member first, or one that cancels the rest).
    public private(set) var admissions = 0

    /// A machine with no operations and no workers, whose policy is ``StrictPolicy``.
    ///
    /// - Parameter defaultWidth: the width while none is requested; below 1 is taken as 1.
    public init(defaultWidth: Int) {
        self.init(defaultWidth: defaultWidth, policy: StrictPolicy())
    }

    /// A machine with no operations and no workers, whose ready operations `policy` orders (the
    /// machine keeps its own copy).
    ///
    /// - Parameters:
    ///   - defaultWidth: the width while none is requested; below 1 is taken as 1.
    ///   - policy: the order of the ready operations.
    public init(defaultWidth: Int, policy: some SchedulingPolicy) {
        self.defaultWidth = max(1, defaultWidth)
        self.slot = PolicySlot(policy)
    }

    /// A copy of the policy as it stands (its ready set included): for tests and reports.
    public var policy: any SchedulingPolicy { slot.policy }

    /// What the policy declares: its name, parameters, the orderings it promises and the figures
    /// they are stated in.
    public var declaration: PolicyDeclaration { slot.policy.declaration }

    /// Where the faults of a policy from outside QueueLab are recorded (see `PolicyFault`); nil
    /// for the built-in policies, which are trusted and called directly.
    public var policyFaultLog: PolicyFaultLog? { slot.faultLog }

    /// The width in force: the requested ``maxConcurrentOperationCount``, else ``defaultWidth``.
    public var width: Int {
        maxConcurrentOperationCount < 1 ? defaultWidth : maxConcurrentOperationCount
    }

    /// Whether a worker could start an operation now.
    public var hasRunnableWork: Bool { !isSuspended && admissions == 0 && readyCount > 0 && executing < width }

    // MARK: Readiness

    /// A newly queued operation whose readiness is known at once.
    public mutating func enqueue(_ operation: ScheduledOperation, isReady: Bool) -> Wakeup {
        defer { assertInvariants() }
        return place(operation, isReady: isReady) ? wakeupForWork() : .none
    }

    /// As ``enqueue(_:isReady:)``, without waking anyone: for the members of a batch, which wake
    /// workers once, with ``wakeupsForAllWork()``.
    ///
    /// - Returns: whether the operation was listed ready.
    public mutating func place(_ operation: ScheduledOperation, isReady: Bool) -> Bool {
        defer { assertInvariants() }
        guard operation.placement == .unplaced else { return false }
        if isReady {
            list(operation, reason: .added)
            return true
        }
        operation.placement = .waiting
        return false
    }

    /// A batch is being admitted: nothing starts until ``endAdmission()``.
    public mutating func beginAdmission() {
        defer { assertInvariants() }
        admissions += 1
    }

    /// The batch's members are all placed; returns the wakeups for what became runnable.
    public mutating func endAdmission() -> [Wakeup] {
        defer { assertInvariants() }
        admissions -= 1
        return admissions == 0 ? wakeupsForAllWork() : []
    }

    /// Dependencies finished or the operation was cancelled.
    public mutating func release(_ operation: ScheduledOperation) -> Wakeup {
        defer { assertInvariants() }
        guard operation.placement == .unplaced || operation.placement == .waiting else { return .none }
        list(operation, reason: .released)
        return wakeupForWork()
    }

    /// A dependency added after the operation was queued holds it back again.
    ///
    /// - Returns: whether the operation left the ready lists (it re-enters `pending`).
    public mutating func block(_ operation: ScheduledOperation) -> Bool {
        defer { assertInvariants() }
        switch operation.placement {
        case .readyListed:
            unlist(operation)
            operation.placement = .waiting
            return true
        case .unplaced:
            operation.placement = .waiting
            return false
        case .waiting, .executing, .finished:
            return false
        }
    }

    /// A ready operation's priority (or, for a policy that ranks by it, its chain height) changed:
    /// the policy lists it again (for the built-in ordered policies, at the end of its new level),
    /// unless it ignores priorities.
    public mutating func reprioritize(_ operation: ScheduledOperation) {
        defer { assertInvariants() }
        guard operation.placement == .readyListed, slot.relistsOnPriorityChange else { return }
        unlist(operation)
        list(operation, reason: .priorityChanged)
    }

    // MARK: The ready set

    /// Stamps the operation for the policy and hands it a current entry.
    @inline(__always)
    private mutating func list(_ operation: ScheduledOperation, reason: ReadyReason) {
        let ticket = operation.readyTicket &+ 1
        operation.readyTicket = ticket
        operation.placement = .readyListed
        let priority = slot.inheritsPriority ? operation.effectivePriority : operation.priority
        readyCount += 1
        let entry = ReadyEntry(operation, ticket: ticket, priority: priority)
        if slot.isStrict {
            // Strict reads no stamp: spare it the stores (each a dynamic exclusivity check).
            slot.push(entry, reason: reason, now: 0)
            return
        }
        let now = time()
        listings &+= 1
        operation.readyStamp = ReadyStamp(listedPriority: priority, order: listings, since: now)
        slot.push(entry, reason: reason, now: now)
    }

    /// Takes a listed operation off the ready set: its entry goes stale where it lies.
    @inline(__always)
    private mutating func unlist(_ operation: ScheduledOperation) {
        operation.readyTicket &+= 1
        readyCount -= 1
        slot.remove(operation)
    }

    /// The time a policy sees: read only for a policy that asks.
    @inline(__always)
    private func time() -> UInt64 {
        guard slot.needsClock else { return 0 }
        return clockForTesting ?? MonotonicClock.now()
    }

    // MARK: Workers

    /// What a worker took from the ready lists.
    public struct Taken {
        /// The operation taken, now placed ``Placement/executing``.
        public let operation: ScheduledOperation
        /// False for an operation cancelled before it started: the worker finishes it without
        /// running its body, and it holds no width slot.
        public let runsBody: Bool
    }

    /// The next operation a worker takes, or nil.
    public mutating func next() -> Taken? {
        defer { assertInvariants() }
        guard !isSuspended, admissions == 0, executing < width, readyCount > 0 else { return nil }
        // Captured apart from `self`, which the pick modifies.
        let testClock = clockForTesting
        guard let operation = slot.pop(clock: { testClock ?? MonotonicClock.now() }) else { return nil }
        readyCount -= 1
        operation.placement = .executing
        let runsBody = !operation.isCancelled
        if runsBody { executing += 1 }
        operation.holdsSlot = runsBody
        return Taken(operation: operation, runsBody: runsBody)
    }

    /// The body of an asynchronous operation returned; it stays executing until `finish()`.
    public mutating func asynchronousBodyReturned(_ operation: ScheduledOperation) -> Wakeup {
        defer { assertInvariants() }
        guard maxConcurrentOperationCount == defaultMaxConcurrentOperationCount, operation.holdsSlot else {
            return .none
        }
        operation.holdsSlot = false
        executing -= 1
        return wakeupForWork()
    }

    /// An operation taken by ``next()`` finished (its body returned, `finish()` was reported, or it
    /// was cancelled before it started).
    public mutating func finished(_ operation: ScheduledOperation) -> Wakeup {
        finishedOnWorker(operation) ? wakeupForWork() : .none
    }

    /// As ``finished(_:)``, by a worker that goes on to take the next operation itself: the slot
    /// it freed is its own to fill, so nobody is woken for it (a wakeup decided and not carried
    /// out would leave a parked worker counted as signalled until its idle timeout).
    ///
    /// - Returns: whether the operation held a slot.
    @discardableResult
    public mutating func finishedOnWorker(_ operation: ScheduledOperation) -> Bool {
        defer { assertInvariants() }
        operation.placement = .finished
        guard operation.holdsSlot else { return false }
        operation.holdsSlot = false
        executing -= 1
        return true
    }

    /// A worker found no work and parks, until it is signalled or its idle timeout passes.
    public mutating func workerParks() {
        defer { assertInvariants() }
        idleWorkers += 1
    }

    /// A worker found no work and looks again for a while before it parks. While it does, new
    /// work nudges it (``Wakeup/nudge``) instead of waking a parked worker or starting one: a
    /// futex wake-up costs the adder microseconds, and a worker about to look needs none (Go's
    /// scheduler keeps spinning threads for the same reason).
    public mutating func workerStartsSpinning() {
        defer { assertInvariants() }
        spinningWorkers += 1
    }

    /// A spinning worker stopped looking (it found work, or gives up to park); it then takes the
    /// lock-held path of ``next()`` before anything else, so no nudge is lost with it.
    public mutating func workerStopsSpinning() {
        defer { assertInvariants() }
        if nudgeTokens > 0 {
            nudgeTokens -= 1
        } else {
            spinningWorkers -= 1
        }
    }

    /// A worker leaves its place to run a completion handler, which may block: another worker
    /// may start meanwhile, so that ready work is not held up by handlers.
    public mutating func workerStepsAway() -> Wakeup {
        defer { assertInvariants() }
        workers -= 1
        return wakeupForWork()
    }

    /// The worker is back from a handler; false when enough workers started meanwhile (then it
    /// ends instead).
    public mutating func workerReturns() -> Bool {
        defer { assertInvariants() }
        guard workers < width else { return false }
        workers += 1
        return true
    }

    /// A parked worker woke, signalled or after its idle timeout: a signal's token is consumed
    /// first (whichever worker it was meant for, the count stays right), else the worker stops
    /// counting as parked.
    public mutating func workerWakes() {
        defer { assertInvariants() }
        if wakeTokens > 0 {
            wakeTokens -= 1
        } else {
            idleWorkers -= 1
        }
    }

    /// A worker with nothing to do leaves (it is not parked).
    public mutating func workerExits() {
        defer { assertInvariants() }
        workers -= 1
    }

    // MARK: Settings

    /// Suspends or resumes the starting of operations; resuming returns the wakeups for the work
    /// that became runnable, suspending returns none.
    public mutating func setSuspended(_ suspended: Bool) -> [Wakeup] {
        defer { assertInvariants() }
        isSuspended = suspended
        return suspended ? [] : wakeupsForAllWork()
    }

    /// Sets the requested width (below 1: the default width) and returns the wakeups for the work
    /// the new width lets start.
    public mutating func setMaxConcurrentOperationCount(_ count: Int) -> [Wakeup] {
        defer { assertInvariants() }
        maxConcurrentOperationCount = count < 1 ? defaultMaxConcurrentOperationCount : count
        return wakeupsForAllWork()
    }

    // MARK: Wakeups

    /// One worker for one unit of newly runnable work: a spinning one if any, else a parked one,
    /// else a new one while the width allows.
    mutating func wakeupForWork() -> Wakeup {
        guard hasRunnableWork else { return .none }
        if spinningWorkers > 0 {
            spinningWorkers -= 1
            nudgeTokens += 1
            return .nudge
        }
        if idleWorkers > 0 {
            idleWorkers -= 1
            wakeTokens += 1
            return .signal
        }
        if workers < width {
            workers += 1
            return .spawn
        }
        return .none
    }

    /// As many wakeups as there is runnable work for, up to the width.
    public mutating func wakeupsForAllWork() -> [Wakeup] {
        defer { assertInvariants() }
        var wakeups: [Wakeup] = []
        let wanted = min(readyCount, width - executing)
        while wakeups.count < wanted {
            let wakeup = wakeupForWork()
            if wakeup == .none { break }
            wakeups.append(wakeup)
        }
        return wakeups
    }

    // MARK: Testing the invariants

    /// Puts the worker counters in a state no transition makes: for tests that the invariants
    /// catch it.
    package mutating func setWorkerCountsForTesting(workers: Int, idle: Int) {
        self.workers = workers
        idleWorkers = idle
    }

    /// Stores a second policy beside the one in use: a slot no initialiser makes.
    package mutating func storeStrayPolicyForTesting() { slot.storeStrayPolicyForTesting() }
}
