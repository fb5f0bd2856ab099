import DequeModule
import QueueLabCore

/// What a queue checks of a policy from outside QueueLab before it follows the policy's pick:
/// that the entry stands for an operation listed ready in *this* queue, by its current listing.
/// A bad entry (stale, returned twice, of another queue, never pushed) or a lost one (ready
/// operations left and the policy returns nil) is recorded in ``log`` and replaced by a safe pick:
/// the oldest current listing the audit holds. So a broken policy is a verdict, not a crash, and
/// the queue keeps its own invariants: no operation starts twice, none starts unready.
///
/// Membership is decided by identity in the audit's own set before the operation is read at all:
/// the fields of an operation of another queue belong to that queue's serialisation.
///
/// - Complexity: O(1) amortised per listing, unlisting and pick (a hash insert or removal); the
///   fallback list is compacted when stale entries outnumber current ones.
struct PolicyAudit {
    let policyName: String
    let log = PolicyFaultLog()
    /// The operations listed ready in this queue now.
    private var listed = Set<ObjectIdentifier>()
    /// Every listing in listing order, for the safe pick; stale ones are dropped lazily.
    private var fallback = Deque<ReadyEntry>()

    init(policyName: String) { self.policyName = policyName }

    var readyCount: Int { listed.count }

    mutating func listed(_ entry: ReadyEntry) {
        listed.insert(ObjectIdentifier(entry.operation))
        fallback.append(entry)
        if fallback.count > 2 * listed.count + 64 { compact() }
    }

    mutating func unlisted(_ operation: ScheduledOperation) {
        listed.remove(ObjectIdentifier(operation))
    }

    /// The operation to start: the policy's pick when it is sound, else a safe one (nil only when
    /// nothing is listed).
    mutating func vet(_ entry: ReadyEntry?) -> ScheduledOperation? {
        guard let entry else {
            guard !listed.isEmpty else { return nil }
            fault(.lostEntry, "pop returned nil while \(listed.count) operations were ready")
            return safePick()
        }
        let operation = entry.operation
        guard listed.contains(ObjectIdentifier(operation)) else {
            fault(
                .notReadyHere,
                "returned \(operation.label), which is not listed ready in this queue (started already, of another queue, or never pushed)"
            )
            return safePick()
        }
        guard entry.isCurrent else {
            fault(
                .staleEntry,
                "returned \(operation.label) by ticket \(entry.ticket), its current ticket is \(operation.readyTicket)")
            return safePick()
        }
        listed.remove(ObjectIdentifier(operation))
        return operation
    }

    private func fault(_ kind: PolicyFault.Kind, _ detail: String) {
        log.record(PolicyFault(policy: policyName, kind: kind, detail: detail))
    }

    /// The oldest current listing: every entry here was made by this queue, so reading it is safe.
    private mutating func safePick() -> ScheduledOperation? {
        while let entry = fallback.popFirst() {
            if listed.contains(ObjectIdentifier(entry.operation)) && entry.isCurrent {
                listed.remove(ObjectIdentifier(entry.operation))
                return entry.operation
            }
        }
        return nil
    }

    private mutating func compact() {
        fallback = Deque(fallback.filter { listed.contains(ObjectIdentifier($0.operation)) && $0.isCurrent })
    }
}
