import QueueLabCore

/// One part of an operation's life, from entering the queue's add call (or, when the add call was not
/// stamped, its first transition) to `finished`. The phases of one operation partition its life: they
/// never overlap and add up to it exactly.
///
/// How each is derived, and what it cannot see:
/// - ``addCall``: entering the queue's add call to the operation's first transition (`pending` or
///   `ready`): the producer's side of the queue (its lock, enqueueing) before the queue recorded the
///   operation. Zero in a trace without add calls (`queuelab-transitions/1`). What the add call does
///   after that transition (waking a worker, returning) is not in any operation's life; the run's
///   ``AddPathSummary`` counts it.
/// - ``dependencies``: the first transition to `ready`. It includes the time between the last dependency's
///   `finished` and this `ready` (the queue releasing the dependent), which the trace cannot tell apart.
/// - ``slotWait``: the part of `ready` to `executing` during which every slot of the operation's
///   queue was taken (slots counted from `executing` to `finished`). A queue whose width the
///   implementation chose (-1) is counted against the most operations it ran at once in the run:
///   its worker threads, as far as the run shows them.
/// - ``heldBack``: the rest of `ready` to `executing` up to the last time another operation of the
///   same queue started meanwhile: slots were free and the policy gave one to other work.
/// - ``suspended``: the part of `ready` to `executing` during which the operation's queue was
///   suspended (taken first from what would otherwise read as overhead, then held back, then slot
///   wait): its owner held it, not the queue. Only in traces that record suspensions
///   (`queuelab-transitions/3`); in older ones it reads as overhead or held back.
/// - ``queueOverhead``: the rest of `ready` to `executing`: a slot was free and nothing else was
///   started, so the time is the queue's own wake-up and hand-off.
/// - ``handOff``: `executing` to the body's first clock reading; zero when the body did not stamp itself.
/// - ``body``: the body's first to last clock reading; `executing` to `finished` when the body did
///   not stamp itself (workloads with bodies of their own, asynchronous operations, block operations).
/// - ``release``: the body's last clock reading to `finished`: returning into the queue, the state
///   change and the release of dependents. Completion handlers run after `finished` and are not in
///   the trace, so no phase shows them.
/// - ``cancelled``: `ready` to `finished` of an operation that never executed (cancelled first).
public enum ExplainPhase: String, CaseIterable, Sendable, Codable, Comparable {
    case addCall = "add-call"
    case dependencies
    case suspended
    case slotWait = "slot-wait"
    case heldBack = "held-back"
    case queueOverhead = "queue-overhead"
    case handOff = "hand-off"
    case body
    case release
    case cancelled

    /// The phases spent waiting in the queue once ready (what ``OperationPhases/queueWait`` adds up).
    public static let queueWaits: [ExplainPhase] = [.suspended, .slotWait, .heldBack, .queueOverhead]

    /// Position in `allCases` (and in ``OperationPhases``), without searching for it.
    public var index: Int {
        switch self {
        case .addCall: 0
        case .dependencies: 1
        case .slotWait: 2
        case .heldBack: 3
        case .queueOverhead: 4
        case .handOff: 5
        case .body: 6
        case .release: 7
        case .cancelled: 8
        // Last, so that every other phase kept its index, and its place in the order reports list
        // phases in (the index is that order), when it was added.
        case .suspended: 9
        }
    }

    public static func < (lhs: ExplainPhase, rhs: ExplainPhase) -> Bool { lhs.index < rhs.index }

    /// What the phase is, for the text report.
    public var meaning: String {
        switch self {
        case .addCall: "in the queue's add call, before the queue recorded it"
        case .dependencies: "pending on dependencies (recorded to ready)"
        case .suspended: "ready, its queue suspended by its owner"
        case .slotWait: "ready, every slot of its queue busy"
        case .heldBack: "ready, a slot free, other work started first"
        case .queueOverhead: "ready, a slot free, nothing else started (wake-up, hand-off)"
        case .handOff: "executing to the body's first instruction"
        case .body: "the body"
        case .release: "body end to finished (dependents released)"
        case .cancelled: "ready to finished without running (cancelled)"
        }
    }
}

/// Nanoseconds per ``ExplainPhase``, indexed by the phase: one vector (of sixteen lanes, ten used),
/// so that a million operations' phases are one flat array rather than a million small ones.
public struct OperationPhases: Sendable, Equatable {
    /// Nanoseconds per phase, each in the lane at the phase's ``ExplainPhase/index``; unused lanes stay zero.
    public var nanoseconds = SIMD16<Int>()

    /// Zero nanoseconds in every phase.
    public init() {}

    /// The nanoseconds spent in `phase`.
    public subscript(phase: ExplainPhase) -> Int {
        get { nanoseconds[phase.index] }
        set { nanoseconds[phase.index] = newValue }
    }

    /// Nanoseconds over every phase: the operation's whole life when the phases are one operation's.
    public var total: Int { nanoseconds.wrappedSum() }
    /// Ready to executing.
    public var queueWait: Int { self[.suspended] + self[.slotWait] + self[.heldBack] + self[.queueOverhead] }

    /// Adds `rhs`'s nanoseconds to `lhs`'s, phase by phase.
    public static func += (lhs: inout OperationPhases, rhs: OperationPhases) { lhs.nanoseconds &+= rhs.nanoseconds }
}
