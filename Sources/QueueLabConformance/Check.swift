import QueueLabCore

/// One conformance check: a stable ID, a one-line description, the capabilities and ordering
/// promises it needs, and a scenario that runs against any `OperationQueueing` implementation.
public struct Check: Sendable, Hashable, CustomStringConvertible {
    let kind: CheckKind

    /// Stable: used on the command line (`--check ID`), in reports and in replay commands.
    public var id: String { kind.rawValue }
    public var summary: String { kind.summary }
    /// An implementation lacking any of them gets UNSUPPORTED.
    public var requirements: QueueCapabilities { kind.requirements }
    /// The ordering promises it needs of the queues' policy: a policy without them gets
    /// UNSUPPORTED with the reason.
    public var promiseRequirement: PromiseRequirement { kind.promiseRequirement }
    /// The family: the part of the ID before the dot (`cancel`, `deps`...).
    public var family: String { String(id.prefix { $0 != "." }) }

    public var description: String { id }

    /// Every check, in report order.
    public static let all: [Check] = CheckKind.allCases.map(Check.init)

    /// What a run checks unless told otherwise: every check, the model-based ones included.
    public static let standard: [Check] = all

    /// False: no check is in preview any more (the model-based ones were, and run by default now).
    @available(*, deprecated, message: "every check runs by default; none is in preview")
    public var isPreview: Bool { false }

    /// The check with this ID, or nil.
    public static func named(_ id: String) -> Check? { all.first { $0.id == id } }

    /// Checks whose ID is `selector` or starts with `selector.` (so `cycle` selects every cycle check).
    public static func matching(_ selector: String) -> [Check] {
        all.filter { $0.id == selector || $0.id.hasPrefix(selector + ".") }
    }

    /// Whether a PASS of this check on a queue without cycle rejection is the deadlock verdict.
    public var isCycleCheck: Bool { family == "cycle" }
}
