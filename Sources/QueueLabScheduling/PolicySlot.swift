import QueueLabCore

/// The machine's policy, with the built-in policies kept off the witness table: each is stored as
/// its own type and called directly (inlined), so the seam costs a built-in one jump on the kind
/// per call; a policy from outside the package is called through its protocol. (Measured under
/// Callgrind on `noop` at width 1: through the protocol, `aging`'s pick cost about 220
/// instructions per operation, most of it the existential call and its copies.)
struct PolicySlot {
    private enum Kind: UInt8 { case strict, fifo, aging, weighted, lifo, inherit, criticalPath, other }

    private let kind: Kind
    private var strict: StrictPolicy?
    private var fifo: FIFOPolicy?
    private var aging: AgingPolicy?
    private var weighted: WeightedPolicy?
    private var lifo: LIFOPolicy?
    private var inherit: InheritPolicy?
    private var criticalPath: CriticalPathPolicy?
    private var other: (any SchedulingPolicy)?
    /// Checks every pick of a policy from outside before the machine follows it.
    private var audit: PolicyAudit?
    /// Read once: the machine asks on every transition.
    let needsClock: Bool
    let relistsOnPriorityChange: Bool
    let inheritsPriority: Bool
    /// Keeps the graph maintaining heights while this queue lives, for a policy that ranks by them.
    let heightTracking: DependencyGraph.HeightTracking?

    init(_ policy: some SchedulingPolicy) {
        switch policy {
        case let policy as StrictPolicy: (kind, strict) = (.strict, policy)
        case let policy as FIFOPolicy: (kind, fifo) = (.fifo, policy)
        case let policy as AgingPolicy: (kind, aging) = (.aging, policy)
        case let policy as WeightedPolicy: (kind, weighted) = (.weighted, policy)
        case let policy as LIFOPolicy: (kind, lifo) = (.lifo, policy)
        case let policy as InheritPolicy: (kind, inherit) = (.inherit, policy)
        // A built-in too: trusted, so it pays no audit of its picks.
        case let policy as CriticalPathPolicy: (kind, criticalPath) = (.criticalPath, policy)
        default:
            (kind, other) = (.other, policy)
            audit = PolicyAudit(policyName: policy.name)
        }
        needsClock = policy.needsClock
        relistsOnPriorityChange = policy.relistsOnPriorityChange
        inheritsPriority = policy.inheritsPriority
        heightTracking = policy.ranksByHeight ? DependencyGraph.HeightTracking(cap: policy.heightCap) : nil
        assert(invariantsHold, "PolicySlot: \(invariantViolations().joined(separator: "; "))")
    }

    var policy: any SchedulingPolicy {
        switch kind {
        case .strict: strict!
        case .fifo: fifo!
        case .aging: aging!
        case .weighted: weighted!
        case .lifo: lifo!
        case .inherit: inherit!
        case .criticalPath: criticalPath!
        case .other: other!
        }
    }

    var isStrict: Bool { kind == .strict }

    /// Where an outside policy's faults are recorded; nil for the built-ins, which are not audited.
    var faultLog: PolicyFaultLog? { audit?.log }

    @inline(__always)
    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        switch kind {
        case .strict: strict!.push(entry, reason: reason, now: now)
        case .fifo: fifo!.push(entry, reason: reason, now: now)
        case .aging: aging!.push(entry, reason: reason, now: now)
        case .weighted: weighted!.push(entry, reason: reason, now: now)
        case .lifo: lifo!.push(entry, reason: reason, now: now)
        case .inherit: inherit!.push(entry, reason: reason, now: now)
        case .criticalPath: criticalPath!.push(entry, reason: reason, now: now)
        case .other:
            audit!.listed(entry)
            other!.push(entry, reason: reason, now: now)
        }
    }

    @inline(__always)
    mutating func remove(_ operation: ScheduledOperation) {
        switch kind {
        case .strict: strict!.remove(operation)
        case .fifo: fifo!.remove(operation)
        case .aging: aging!.remove(operation)
        case .weighted: weighted!.remove(operation)
        case .lifo: lifo!.remove(operation)
        case .inherit: inherit!.remove(operation)
        case .criticalPath: criticalPath!.remove(operation)
        case .other:
            audit!.unlisted(operation)
            other!.remove(operation)
        }
    }

    /// The operation the policy picked. `clock` is read at most once, and only by a policy that
    /// reads the time: `aging` reads it only when it has ages to compare.
    @inline(__always)
    mutating func pop(clock: () -> UInt64) -> ScheduledOperation? {
        switch kind {
        case .strict: return strict!.pop(now: 0)?.operation
        case .fifo: return fifo!.pop(now: 0)?.operation
        case .aging: return aging!.pop(clock: clock)?.operation
        case .weighted: return weighted!.pop(now: 0)?.operation
        case .lifo: return lifo!.pop(now: 0)?.operation
        case .inherit: return inherit!.pop(now: 0)?.operation
        case .criticalPath: return criticalPath!.pop(now: 0)?.operation
        case .other:
            // A policy from outside is not trusted: a stale, foreign or repeated entry would start
            // an operation twice or unready. The audit records it and picks safely instead.
            let entry = other!.pop(now: needsClock ? clock() : 0)
            return audit!.vet(entry)
        }
    }

    /// Exactly one stored policy, the one `kind` names, and an audit exactly for a policy from
    /// outside: what every force-unwrap above relies on. Empty when it holds.
    func invariantViolations() -> [String] {
        let stored: [(Kind, Bool)] = [
            (.strict, strict != nil), (.fifo, fifo != nil), (.aging, aging != nil), (.weighted, weighted != nil),
            (.lifo, lifo != nil), (.inherit, inherit != nil), (.criticalPath, criticalPath != nil),
            (.other, other != nil),
        ]
        var broken: [String] = []
        let kinds = stored.filter(\.1).map(\.0)
        if kinds != [kind] { broken.append("the policy slot of kind \(kind) stores \(kinds)") }
        if (audit != nil) != (kind == .other) {
            broken.append("the policy slot of kind \(kind) \(audit == nil ? "lacks" : "has") an audit")
        }
        return broken
    }

    /// As ``invariantViolations()`` is empty, without allocating.
    var invariantsHold: Bool {
        var stored = 0
        if strict != nil { stored += 1 }
        if fifo != nil { stored += 1 }
        if aging != nil { stored += 1 }
        if weighted != nil { stored += 1 }
        if lifo != nil { stored += 1 }
        if inherit != nil { stored += 1 }
        if criticalPath != nil { stored += 1 }
        if other != nil { stored += 1 }
        let ownIsStored =
            switch kind {
            case .strict: strict != nil
            case .fifo: fifo != nil
            case .aging: aging != nil
            case .weighted: weighted != nil
            case .lifo: lifo != nil
            case .inherit: inherit != nil
            case .criticalPath: criticalPath != nil
            case .other: other != nil
            }
        return stored == 1 && ownIsStored && (audit != nil) == (kind == .other)
    }

    mutating func storeStrayPolicyForTesting() {
        if kind == .fifo { strict = StrictPolicy() } else { fifo = FIFOPolicy() }
    }
}
