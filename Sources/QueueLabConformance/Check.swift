import QueueLabCore

/// One conformance check: a stable ID, a one-line description, what it sees and what it cannot
/// see, the capabilities and ordering promises it needs, and a scenario that runs against any
/// `OperationQueueing` implementation.
///
/// A check is declared once, beside its scenario (`extension Check { static let ... }` in the
/// scenario's file), and listed once, in ``all``: adding a check touches those two places. The
/// table of the article "What each check can and cannot see" is tested against the declarations.
public struct Check: Sendable, Hashable, CustomStringConvertible {
    // Private storage behind computed public accessors: the API that scripts/api-check's
    // baseline records is those accessors, so the storage can change without breaking it.
    private let storedID: String
    private let storedSummary: String
    private let sight: CheckSight
    private let storedRequirements: QueueCapabilities
    private let storedPromises: PromiseRequirement
    private let scenario: @Sendable (any OperationQueueing.Type, ScenarioContext) throws -> ScenarioPass

    /// `run` receives the queue type the suite checks, opened as a generic parameter where it is
    /// passed on.
    init(
        id: String, summary: String, sight: CheckSight, requirements: QueueCapabilities,
        promises: PromiseRequirement = .none,
        run: @escaping @Sendable (any OperationQueueing.Type, ScenarioContext) throws -> ScenarioPass
    ) {
        self.storedID = id
        self.storedSummary = summary
        self.sight = sight
        self.storedRequirements = requirements
        self.storedPromises = promises
        self.scenario = run
    }

    /// Stable: used on the command line (`--check ID`), in reports and in replay commands.
    public var id: String { storedID }
    /// One line saying what the check verifies, as `conform --list-checks` prints it.
    public var summary: String { storedSummary }
    /// What a PASS covers: what the check looks at, in the words of the article "What each check
    /// can and cannot see".
    public var sees: String { sight.sees }
    /// What a queue could get wrong without this check noticing.
    public var cannotSee: String { sight.cannotSee }
    /// An implementation lacking any of them gets UNSUPPORTED.
    public var requirements: QueueCapabilities { storedRequirements }
    /// The ordering promises it needs of the queues' policy: a policy without them gets
    /// UNSUPPORTED with the reason. Only the priority and order checks look at order; every other
    /// check holds under every policy: a policy changes order, never correctness.
    public var promiseRequirement: PromiseRequirement { storedPromises }
    /// The family: the part of the ID before the dot (`cancel`, `deps`...).
    public var family: String { String(id.prefix { $0 != "." }) }

    public var description: String { id }

    /// Runs the check's scenario on `queue`.
    func run<Q: OperationQueueing>(on queue: Q.Type, _ context: ScenarioContext) throws -> ScenarioPass {
        try scenario(queue, context)
    }

    /// A check is its ID: two declarations never share one (the registry's tests see to it).
    public static func == (lhs: Check, rhs: Check) -> Bool { lhs.storedID == rhs.storedID }
    public func hash(into hasher: inout Hasher) { hasher.combine(storedID) }

    /// Every check, in report order.
    public static let all: [Check] = [
        .stateExclusivity,
        .cancelBeforeStart,
        .cancelWaiting,
        .cancelExecuting,
        .cancelSuspended,
        .cancelAll,
        .cancelRace,
        .depsChain,
        .depsDiamond,
        .depsFan,
        .depsLate,
        .depsRemoved,
        .depsFinished,
        .depsCrossQueue,
        .depsRandomDAG,
        .priorityOrder,
        .priorityFIFO,
        .priorityChange,
        .priorityDependenciesWin,
        .priorityNoStarvation,
        .priorityWeightedShare,
        .priorityInheritance,
        .orderStrictPriority,
        .orderFIFOWithinLevel,
        .orderLIFOWithinLevel,
        .orderReadyOrder,
        .orderWeightedShares,
        .orderInheritance,
        .orderLongestChain,
        .cycleSelf,
        .cycleTwo,
        .cycleThree,
        .cycleInDAG,
        .cycleCrossQueue,
        .widthLimit,
        .widthAsync,
        .widthBlockingBody,
        .suspendResume,
        .barrierOrder,
        .waitAll,
        .waitCompletion,
        .batchAtomic,
        .batchFIFO,
        .livenessWakeups,
        .livenessDependencyRemoved,
        .waitUnfinished,
        .lifetimeIdle,
        .lifetimePending,
        .onceBody,
        .onceCancelRace,
        .onceCompletion,
        .misuseErrors,
        .advancedConditionFails,
        .advancedConditionDependency,
        .advancedConditionsConcurrent,
        .advancedExclusivity,
        .advancedObservers,
        .advancedCancelRunning,
        .advancedGroup,
        .advancedGroupCancel,
        .advancedStress,
        .modelContract,
        .modelPolicy,
    ]

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
