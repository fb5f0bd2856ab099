import QueueLabCore
import Synchronization

/// The state every operation of QueueLab's own queues carries: identity, lifecycle, its place in
/// the dependency graph and in its queue. `LockOperation` and `ActorOperation` are final subclasses
/// that add the typed body, so an operation costs one allocation.
///
/// Three domains guard the mutable fields, and each field belongs to exactly one:
/// - atomics (`stateWord`, `cancelledFlag`, `hasEdges`, `claimWord`, `priorityWord`) are read anywhere;
/// - graph fields are touched only with ``DependencyGraph``'s lock held;
/// - host fields (`hostLink`, `delivery`, `placement`, `readyTicket` and the other ready stamps,
///   membership links) are touched only inside the owning host's serialisation (the lock queue's
///   lock, or the actor queue's scheduler actor and inbox lock); `hostLink` and `delivery` are
///   written once, by the queue that won the claim, before the claim is published with
///   sequentially consistent ordering, and only read after it is seen.
///
/// The graph and host fields are `@exclusivity(unchecked)`. Swift's dynamic exclusivity check is
/// per thread and costs about 85 instructions per access through the runtime's access set: it was
/// a third of all the instructions of a `lock` operation (Callgrind, `noop` at width 1), and it can
/// only catch an overlapping access on one thread. Cross-thread exclusivity of these fields is what
/// the domains above provide; and no access to them is held open across a call that could reach
/// them again (bodies, observers and completion handlers run after the accesses ended, outside
/// the serialisation).
///
/// Lifetime: an operation refers to its queue weakly (through the queue's `HostLink`), so an
/// operation the caller keeps after it finished (an app keeps results in them) never keeps its
/// queue alive. A queue with unfinished operations keeps itself alive until the last one finished
/// (see `ScheduledQueue`), so the weak reference is never nil while the operation still needs
/// its queue.
open class ScheduledOperation: @unchecked Sendable {
    /// The operation's identity, unique in the process (also across queues and implementations).
    public let id = OperationID.next()
    /// The operation's name, for labels, traces and errors; nil when it has none.
    public let name: String?
    /// Whether the operation stays executing after its body returned, until `finish()` is reported.
    public let isAsynchronous: Bool

    // MARK: Atomics
    let stateWord = Atomic<UInt8>(OperationState.pending.rawValue)
    let cancelledFlag = Atomic<Bool>(false)
    /// Set (under the graph lock) once the operation is on either end of a dependency edge; until
    /// then finishing and enqueueing skip the graph lock entirely.
    let hasEdges = Atomic<Bool>(false)
    /// Who took the operation: see ``ClaimState``. Only one queue ever wins it.
    let claimWord = Atomic<UInt8>(ClaimState.free.rawValue)
    let priorityWord: Atomic<Int>
    /// The priority the operation inherits (at least `priorityWord`); written only under the graph
    /// lock (see ``DependencyGraph``'s inheritance), read anywhere.
    let effectivePriorityWord: Atomic<Int>
    /// The length of the longest chain of operations waiting behind it (see ``DependencyGraph``'s
    /// heights); written only under the graph lock, read anywhere.
    let heightWord = Atomic<UInt32>(0)
    let hasCompletion = Atomic<Bool>(false)
    /// Set once the completion handler was taken to run, so that it runs at most once.
    let finishReported = Atomic<Bool>(false)

    // MARK: Graph fields (DependencyGraph.lock)
    @exclusivity(unchecked) var graphDependencies: [ScheduledOperation] = []
    /// Identity index of `graphDependencies`, built once the list grows, so duplicate checks stay O(1).
    @exclusivity(unchecked) var graphDependencyIndex: Set<ObjectIdentifier>?
    @exclusivity(unchecked) var graphDependents: [ScheduledOperation] = []
    @exclusivity(unchecked) var unfinishedDependencies = 0
    /// How many unfinished operations wait for this one directly, by their effective level:
    /// what its effective priority is inherited from.
    @exclusivity(unchecked) var waitingDependents = LevelCounts()
    /// Whether its effective priority still counts in its dependencies' `waitingDependents`:
    /// false once it was cancelled (a cancelled operation waits for nothing).
    @exclusivity(unchecked) var passesPriority = true
    /// How many times its effective priority changed (the inheritance cost tests count it).
    @exclusivity(unchecked) var effectiveChanges: UInt32 = 0
    /// How many times its height rose (the height cost tests count it).
    @exclusivity(unchecked) var heightRaises: UInt32 = 0
    @exclusivity(unchecked) var completion: (@Sendable () -> Void)?

    // MARK: Host fields (the owning host's serialisation)
    /// The queue's link, which refers to the queue weakly: see "Lifetime" above.
    @exclusivity(unchecked) var hostLink: HostLink?
    /// Where its transitions go (nil: nobody observes its queue). See ``TransitionDelivery``.
    @exclusivity(unchecked) package internal(set) var delivery: TransitionDelivery?
    @exclusivity(unchecked) public package(set) var placement = Placement.unplaced
    /// Bumped each time the operation is listed ready or taken off the ready set, so that a
    /// policy's older ``ReadyEntry`` for it goes stale instead of being searched for.
    @exclusivity(unchecked) public package(set) var readyTicket: UInt32 = 0
    /// Stamped by ``QueueStateMachine`` each time it lists the operation ready, for policies other
    /// than `strict` (which needs none of it). One stored property, written in one access: each
    /// access to a class's stored property costs a dynamic exclusivity check.
    @exclusivity(unchecked) package internal(set) var readyStamp = ReadyStamp()
    /// The operation counts against the queue's width.
    @exclusivity(unchecked) package var holdsSlot = false
    @exclusivity(unchecked) var previousMember: ScheduledOperation?
    @exclusivity(unchecked) var nextMember: ScheduledOperation?

    /// A pending operation in no queue, at `priority`, with no dependencies.
    public init(name: String?, priority: QueuePriority, isAsynchronous: Bool) {
        self.name = name
        self.isAsynchronous = isAsynchronous
        self.priorityWord = Atomic(priority.rawValue)
        self.effectivePriorityWord = Atomic(priority.rawValue)
    }

    deinit {
        // Freed recursively, a chain of a million operations (each holding the one before it)
        // would take a stack frame per link and overflow. Unlink what only we still hold, in a loop.
        var doomed = graphDependencies
        graphDependencies = []
        while var next = doomed.popLast() {
            if isKnownUniquelyReferenced(&next) {
                doomed.append(contentsOf: next.graphDependencies)
                next.graphDependencies = []
            }
        }
    }

    /// Runs the typed body; overridden by the final subclasses.
    open func runBody() {}

    // MARK: Reading

    /// The operation's identity and name, as errors and reports name it.
    public var label: OperationLabel { OperationLabel(id: id, name: name) }

    /// Where the operation is in its lifecycle: pending, ready, executing or finished.
    public var state: OperationState {
        OperationState(rawValue: stateWord.load(ordering: .acquiring)) ?? .pending
    }

    /// Whether the operation was cancelled; once set, the flag stays.
    public var isCancelled: Bool { cancelledFlag.load(ordering: .acquiring) }

    /// A queue took the operation and its `host` can be read.
    public var isClaimed: Bool { claimWord.load(ordering: .sequentiallyConsistent) == ClaimState.claimed.rawValue }

    /// A queue took the operation or is taking it (its batch may still be refused).
    public var isTaken: Bool { claimWord.load(ordering: .sequentiallyConsistent) != ClaimState.free.rawValue }

    /// The priority the user set (its `queuePriority`), not the one it inherits: see
    /// ``effectivePriority``.
    public var priority: QueuePriority {
        QueuePriority(rawValue: priorityWord.load(ordering: .relaxed)) ?? .normal
    }

    /// The highest of its own priority and the effective priorities of the unfinished operations
    /// that wait for it (in any queue): the priority a policy with
    /// ``SchedulingPolicy/inheritsPriority`` orders it by.
    public var effectivePriority: QueuePriority {
        QueuePriority(rawValue: effectivePriorityWord.load(ordering: .relaxed)) ?? .normal
    }

    /// How many operations wait behind it in the longest chain of waiting (unstarted, not
    /// cancelled) dependents, within and across queues: 0 with none. Saturates at
    /// ``DependencyGraph/heightCap``, never falls, and is kept only while a queue whose policy has
    /// ``SchedulingPolicy/ranksByHeight`` exists (else 0): what `critical-path` ranks by.
    public var chainHeight: Int { Int(heightWord.load(ordering: .relaxed)) }

    // MARK: Transitions (callers hold the lock of the domain the transition belongs to)

    /// Records the state and, when someone observes, the transition (in the order transitions are
    /// made: see ``TransitionDelivery``). Returns the delivery to run once the lock is released.
    @inline(__always)
    package func enter(_ state: OperationState) -> TransitionDelivery? {
        stateWord.store(state.rawValue, ordering: .sequentiallyConsistent)
        guard let delivery else { return nil }
        delivery.record(self, OperationEvent(state))
        return delivery
    }

    package func transition(_ event: OperationEvent) -> StateTransition {
        StateTransition(
            operation: id, name: name, event: event, priority: priority, effectivePriority: effectivePriority)
    }

    /// No lock held: delivers what `delivery` (from ``enter(_:)``) has recorded.
    @inline(__always)
    package func deliver(_ delivery: TransitionDelivery?) {
        delivery?.deliver()
    }

    /// Called once by the queue that takes the operation, inside its serialisation.
    ///
    /// - Returns: false when another queue (or this one) already took it.
    package func claim(by host: HostLink, delivery: TransitionDelivery?) -> Bool {
        guard reserve() else { return false }
        publishClaim(by: host, delivery: delivery)
        return true
    }

    /// The first step of a claim: wins the operation against every other queue, or returns false.
    /// Nobody reads `host` until ``publishClaim(by:delivery:)``, so a refused batch can give its
    /// reservations back with ``releaseReservation()``.
    package func reserve() -> Bool {
        claimWord.compareExchange(
            expected: ClaimState.free.rawValue, desired: ClaimState.reserved.rawValue,
            ordering: .sequentiallyConsistent
        ).exchanged
    }

    /// Gives back a reservation that will not be published.
    package func releaseReservation() {
        claimWord.store(ClaimState.free.rawValue, ordering: .sequentiallyConsistent)
    }

    /// The second step of a claim: the operation belongs to `host` from now on.
    package func publishClaim(by host: HostLink, delivery: TransitionDelivery?) {
        hostLink = host
        self.delivery = delivery
        claimWord.store(ClaimState.claimed.rawValue, ordering: .sequentiallyConsistent)
    }

    /// The host, once the operation was claimed; nil before (reading `host` earlier would race
    /// with the claim).
    package var claimedHost: (any OperationHost)? { isClaimed ? host : nil }

    /// The queue that took the operation; nil before the claim (read it only after ``isClaimed``)
    /// and once the queue was freed, which happens only after the operation finished.
    package var host: (any OperationHost)? { hostLink?.host }

    /// Whether readiness must be decided under the graph lock; read after ``claim(by:delivery:)``.
    package var needsGraphDecision: Bool { hasEdges.load(ordering: .sequentiallyConsistent) }
}

/// The steps of taking an operation: a compare-and-exchange decides between queues that add the
/// same operation at once (each under its own lock), then the winner publishes its host.
enum ClaimState: UInt8 {
    case free
    case reserved
    case claimed
}

extension ScheduledOperation {
    /// For queues that retire asynchronous operations later: moves the state from executing to
    /// finished if nobody did yet; the winner of a race between two `finish()` calls gets true.
    package func claimFinish() -> Bool {
        stateWord.compareExchange(
            expected: OperationState.executing.rawValue, desired: OperationState.finished.rawValue,
            ordering: .sequentiallyConsistent
        ).exchanged
    }
}

extension ScheduledOperation {
    /// Sets the priority without telling a host: for tests of the bare state machine.
    package func setPriorityForTesting(_ priority: QueuePriority) {
        priorityWord.store(priority.rawValue, ordering: .relaxed)
    }
}
