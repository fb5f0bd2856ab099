import QueueLabCore

/// The machine's policy, with the default kept off the witness table: `strict` (what every queue
/// runs unless told otherwise) is called directly, so the seam costs it one branch per call, and
/// any other policy is called through its protocol.
struct PolicySlot {
    private var strict: StrictPolicy?
    private var other: (any SchedulingPolicy)?
    /// Read once: the machine asks on every transition.
    let needsClock: Bool
    let relistsOnPriorityChange: Bool
    let inheritsPriority: Bool
    /// Keeps the graph maintaining heights while this queue lives, for a policy that ranks by them.
    let heightTracking: DependencyGraph.HeightTracking?

    init(_ policy: some SchedulingPolicy) {
        if let strict = policy as? StrictPolicy {
            self.strict = strict
        } else {
            self.other = policy
        }
        needsClock = policy.needsClock
        relistsOnPriorityChange = policy.relistsOnPriorityChange
        inheritsPriority = policy.inheritsPriority
        heightTracking = policy.ranksByHeight ? DependencyGraph.HeightTracking(cap: policy.heightCap) : nil
    }

    var policy: any SchedulingPolicy { strict ?? other! }

    @inline(__always)
    mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        if strict != nil {
            strict!.push(entry, reason: reason, now: now)
        } else {
            other!.push(entry, reason: reason, now: now)
        }
    }

    @inline(__always)
    mutating func remove(_ operation: ScheduledOperation) {
        if strict == nil { other!.remove(operation) }
    }

    var isStrict: Bool { strict != nil }

    /// The operation the policy picked.
    @inline(__always)
    mutating func pop(now: UInt64) -> ScheduledOperation? {
        if strict != nil { return strict!.pop(now: now)?.operation }
        guard let entry = other!.pop(now: now) else { return nil }
        // A policy that hands out a stale entry would start an operation twice.
        precondition(entry.isCurrent, "scheduling policy \(other!.name) returned an operation that is not ready")
        return entry.operation
    }
}
