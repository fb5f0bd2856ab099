import QueueLabCore

/// Which ready operation a queue starts next: the set of ready operations and the rule that picks
/// from it. A policy is one value, chosen when the queue is made (`LockQueue(name:policy:)`,
/// `ActorQueue(name:policy:)`) and owned by that queue's ``QueueStateMachine``: the value you pass
/// is the empty set, and each queue works on its own copy.
///
/// The machine calls a policy inside the queue's serialisation (its lock, or its scheduler actor),
/// so a policy needs no locking, and must not block or call into the queue.
///
/// The machine keeps the bookkeeping every policy needs, so a policy only orders:
/// - it counts the ready operations (a policy need not);
/// - before ``push(_:reason:now:)`` it stamps the operation's `ScheduledOperation.readyStamp`:
///   ``ScheduledOperation/listedPriority``, ``ScheduledOperation/readyOrder`` and (with
///   ``needsClock``) ``ScheduledOperation/readySince`` (for every policy but the built-in
///   ``StrictPolicy``, which reads none of them and is spared the stores);
/// - it invalidates entries instead of asking the policy to find them: see ``ReadyEntry``.
///
/// **Cost rule**: every method is O(1), amortised, or O(log n) in the number of ready operations.
/// A policy never rescans the operations it holds: dropping a stale entry once when it is reached
/// is fine; walking a list to find one, or to age it, is not. Per-operation state lives in the
/// entry or in the operation's stamps; per-level state (five levels) is O(1).
public protocol SchedulingPolicy: Sendable {
    /// The name the parser knows it by (`aging`).
    var name: String { get }
    /// Its parameters in the parser's `key=value` form.
    var parameters: [PolicyParameter] { get }
    /// The orderings it promises.
    var promises: OrderingPromises { get }
    /// Everything above plus the figures the promises are stated in (aging step, share weights).
    var declaration: PolicyDeclaration { get }
    /// Whether it reads the time: the machine takes `MonotonicClock.now()` per transition only
    /// when a policy asks for it, and passes 0 otherwise.
    var needsClock: Bool { get }
    /// Whether a priority change moves a ready operation (remove, then push with
    /// ``ReadyReason/priorityChanged``). A policy that ignores priorities says false, and the
    /// operation keeps its place.
    var relistsOnPriorityChange: Bool { get }
    /// Whether it orders by ``ScheduledOperation/effectivePriority`` (raised by the operations
    /// that wait for it, see ``DependencyGraph``) instead of the priority the user set: the
    /// machine then lists every operation at its effective priority and relists a ready one when
    /// that changes.
    var inheritsPriority: Bool { get }
    /// Whether it reads ``ScheduledOperation/chainHeight`` (the longest chain of operations waiting
    /// behind one, see ``DependencyGraph``): while a queue with such a policy exists, the graph keeps
    /// heights up to ``heightCap`` and the queue relists a ready operation whose height rose. False
    /// by default, so that other policies pay nothing for heights.
    var ranksByHeight: Bool { get }
    /// The highest height it distinguishes (the graph's work per edge grows with it); read only
    /// when ``ranksByHeight`` is true.
    var heightCap: Int { get }

    /// An operation became ready; the entry is current.
    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64)
    /// The operation left the ready set without being popped (a late dependency, or the first half
    /// of a priority change); the machine already made its entry stale, and the operation's
    /// ``ScheduledOperation/listedPriority`` still says where the entry lies.
    mutating func remove(_ operation: ScheduledOperation)
    /// The entry to start next, which must be current, or nil when the set holds no current entry.
    mutating func pop(now: UInt64) -> ReadyEntry?
}

/// Why an operation became ready: what a policy may want to know of the dependency graph's events.
public enum ReadyReason: UInt8, Sendable {
    /// Added to the queue with nothing to wait for.
    case added
    /// Its dependencies finished (or it was cancelled while waiting), or the graph decided its
    /// readiness after it was added.
    case released
    /// It was ready and its priority changed.
    case priorityChanged
}

extension SchedulingPolicy {
    /// No parameters.
    public var parameters: [PolicyParameter] { [] }
    /// False: the policy is given 0 for the time.
    public var needsClock: Bool { false }
    /// True: a ready operation whose priority changed is removed and pushed again.
    public var relistsOnPriorityChange: Bool { true }
    /// False: operations are listed at the priority the user set.
    public var inheritsPriority: Bool { false }
    /// False: the graph keeps no heights for the policy.
    public var ranksByHeight: Bool { false }
    /// 0: read only when ``ranksByHeight`` is true.
    public var heightCap: Int { 0 }
    /// The name, parameters and promises, with the ``heightCap`` when the policy ranks by height.
    public var declaration: PolicyDeclaration {
        PolicyDeclaration(
            name: name, parameters: parameters, promises: promises, relistsOnPriorityChange: relistsOnPriorityChange,
            rankCap: ranksByHeight ? heightCap : nil)
    }
    /// Stale entries are dropped when reached, so most policies have nothing to do here.
    public mutating func remove(_ operation: ScheduledOperation) {}
}
