/// A scheduling policy broke the contract of its seam: it handed its queue an entry that does not
/// stand for a ready operation of that queue, or it lost one. The queue did not follow it (it
/// never starts an operation twice, nor one that is not ready): it recorded the fault here and
/// took a safe pick instead, so that the run goes on and can be judged.
public struct PolicyFault: Sendable, Hashable, CustomStringConvertible {
    /// The kind of bad pick, one for each way a policy can break the queue's rules.
    public enum Kind: String, Sendable, Hashable {
        /// The entry's operation is listed ready in this queue, but the entry is an older listing
        /// (the policy should have dropped it when it reached it).
        case staleEntry = "stale entry"
        /// The entry's operation is not listed ready in this queue: it started already (an entry
        /// returned twice), it belongs to another queue, or it was never pushed.
        case notReadyHere = "operation not ready in this queue"
        /// The queue had ready operations and the policy returned none.
        case lostEntry = "lost entry"
    }

    /// The policy's name (``PolicyDeclaration/name``).
    public let policy: String
    /// Which rule the policy's pick broke.
    public let kind: Kind
    /// What was seen: the operation and the counts.
    public let detail: String

    /// A fault of the policy named `policy`, of `kind`, with what was seen in `detail`.
    public init(policy: String, kind: Kind, detail: String) {
        self.policy = policy
        self.kind = kind
        self.detail = detail
    }

    public var description: String { "policy \(policy): \(kind.rawValue): \(detail)" }
}

/// The faults of one queue's policy, readable from any thread while the queue runs. Only a policy
/// from outside QueueLab is audited (the built-ins are called directly and cost nothing more).
public final class PolicyFaultLog: Sendable {
    /// Faults past this many are counted, not kept: a broken policy faults on every pick.
    public static let keptFaults = 16

    private struct State {
        var kept: [PolicyFault] = []
        var total = 0
    }

    private let state = Locked(State())

    /// An empty log.
    public init() {}

    /// Counts `fault`, and keeps it when fewer than ``keptFaults`` are kept; callable from any thread.
    public func record(_ fault: PolicyFault) {
        state.withLock {
            $0.total += 1
            if $0.kept.count < Self.keptFaults { $0.kept.append(fault) }
        }
    }

    /// The first ``keptFaults`` faults.
    public var faults: [PolicyFault] { state.withLock { $0.kept } }
    /// Every fault recorded, kept or not.
    public var count: Int { state.withLock { $0.total } }
}

/// A queue whose policy is audited: the conformance suite turns a recorded fault into a FAIL of
/// the check that was running, naming the policy.
public protocol PolicyFaultReporting {
    /// nil when the queue's policy is not audited (a built-in, or no policy seam).
    var policyFaultLog: PolicyFaultLog? { get }
}
