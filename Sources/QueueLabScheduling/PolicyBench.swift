import QueueLabCore
import Synchronization

/// A policy on a test bench: what a queue's ``QueueStateMachine`` does around its policy (tickets,
/// stamps, the ready count, the audit of every pick), without a queue, threads or bodies. For unit
/// tests of a policy of your own:
///
/// ```swift
/// var bench = PolicyBench(MyPolicy())
/// let low = bench.operation("low", priority: .low)
/// let high = bench.operation("high", priority: .high)
/// bench.list(low)
/// bench.list(high)
/// #expect(bench.pop() === high)
/// #expect(bench.readyCount == 1)
/// #expect(bench.faults.isEmpty)
/// ```
///
/// A pick is audited as a queue audits a policy from outside (see `PolicyFault`): a stale entry,
/// one returned twice or never listed here, or nil while operations are ready is recorded in
/// ``faults``, and ``pop()`` returns the safe pick a queue would take instead.
public struct PolicyBench<Policy: SchedulingPolicy> {
    /// The policy under test, with its entries and its own counters (such as `examined`).
    public private(set) var policy: Policy
    private var audit: PolicyAudit
    private var listings: UInt64 = 0
    /// The time the policy is given (``SchedulingPolicy/push(_:reason:now:)``, `pop(now:)`), for a
    /// policy that reads the clock: the test moves it.
    public var now: UInt64 = 0

    /// A bench around `policy`, which must hold no entries yet (as a queue receives it), at time 0.
    public init(_ policy: Policy) {
        self.policy = policy
        self.audit = PolicyAudit(policyName: policy.name)
    }

    /// Operations listed ready and not popped or unlisted.
    public var readyCount: Int { audit.readyCount }

    /// The faults of the policy's picks so far (the first `PolicyFaultLog.keptFaults`).
    public var faults: [PolicyFault] { audit.log.faults }

    /// An operation in no queue, to list on the bench.
    public func operation(_ name: String? = nil, priority: QueuePriority = .normal) -> ScheduledOperation {
        ScheduledOperation(name: name, priority: priority, isAsynchronous: false)
    }

    /// The operation became ready: stamped and pushed as a queue does (at its effective priority
    /// for a policy that inherits).
    public mutating func list(_ operation: ScheduledOperation, reason: ReadyReason = .added) {
        let ticket = operation.readyTicket &+ 1
        operation.readyTicket = ticket
        operation.placement = .readyListed
        let priority = policy.inheritsPriority ? operation.effectivePriority : operation.priority
        listings &+= 1
        operation.readyStamp = ReadyStamp(listedPriority: priority, order: listings, since: now)
        let entry = ReadyEntry(operation, ticket: ticket, priority: priority)
        audit.listed(entry)
        policy.push(entry, reason: reason, now: now)
    }

    /// The operation left the ready set without being popped (a dependency added late): its entry
    /// goes stale where it lies.
    public mutating func unlist(_ operation: ScheduledOperation) {
        guard operation.placement == .readyListed else { return }
        operation.readyTicket &+= 1
        operation.placement = .waiting
        audit.unlisted(operation)
        policy.remove(operation)
    }

    /// The user changed a ready operation's priority: relisted with ``ReadyReason/priorityChanged``
    /// unless the policy keeps places (``SchedulingPolicy/relistsOnPriorityChange``).
    public mutating func changePriority(of operation: ScheduledOperation, to priority: QueuePriority) {
        operation.priorityWord.store(priority.rawValue, ordering: .relaxed)
        operation.effectivePriorityWord.store(priority.rawValue, ordering: .relaxed)
        guard operation.placement == .readyListed, policy.relistsOnPriorityChange else { return }
        unlist(operation)
        list(operation, reason: .priorityChanged)
    }

    /// The policy's pick, audited: the operation a queue would start (placed executing), or nil
    /// when nothing is ready.
    public mutating func pop() -> ScheduledOperation? {
        let operation = audit.vet(policy.pop(now: now))
        operation?.placement = .executing
        return operation
    }
}
