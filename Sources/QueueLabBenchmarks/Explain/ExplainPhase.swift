import QueueLabCore

/// One part of an operation's life, from being added to `finished`. The phases of one operation
/// partition its life: they never overlap and add up to it exactly.
///
/// How each is derived, and what it cannot see:
/// - ``dependencies``: added to `ready`. It includes the time between the last dependency's
///   `finished` and this `ready` (the queue releasing the dependent), which the trace cannot tell apart.
/// - ``slotWait``: the part of `ready` to `executing` during which every slot of the operation's
///   queue was taken (slots counted from `executing` to `finished`). A queue whose width the
///   implementation chose (-1) is counted against the most operations it ran at once in the run:
///   its worker threads, as far as the run shows them.
/// - ``heldBack``: the rest of `ready` to `executing` up to the last time another operation of the
///   same queue started meanwhile: slots were free and the policy gave one to other work.
/// - ``queueOverhead``: the rest of `ready` to `executing`: a slot was free and nothing else was
///   started, so the time is the queue's own wake-up and hand-off (or a suspension, which the trace
///   does not show).
/// - ``handOff``: `executing` to the body's first clock reading; zero when the body did not stamp itself.
/// - ``body``: the body's first to last clock reading; `executing` to `finished` when the body did
///   not stamp itself (workloads with bodies of their own, asynchronous operations, block operations).
/// - ``release``: the body's last clock reading to `finished`: returning into the queue, the state
///   change and the release of dependents. Completion handlers run after `finished` and are not in
///   the trace, so no phase shows them.
/// - ``cancelled``: `ready` to `finished` of an operation that never executed (cancelled first).
public enum ExplainPhase: String, CaseIterable, Sendable, Codable, Comparable {
    case dependencies
    case slotWait = "slot-wait"
    case heldBack = "held-back"
    case queueOverhead = "queue-overhead"
    case handOff = "hand-off"
    case body
    case release
    case cancelled

    /// The phases spent waiting in the queue once ready (what ``OperationPhases/queueWait`` adds up).
    public static let queueWaits: [ExplainPhase] = [.slotWait, .heldBack, .queueOverhead]

    /// Position in `allCases` (and in ``OperationPhases``), without searching for it.
    public var index: Int {
        switch self {
        case .dependencies: 0
        case .slotWait: 1
        case .heldBack: 2
        case .queueOverhead: 3
        case .handOff: 4
        case .body: 5
        case .release: 6
        case .cancelled: 7
        }
    }

    public static func < (lhs: ExplainPhase, rhs: ExplainPhase) -> Bool { lhs.index < rhs.index }

    /// What the phase is, for the text report.
    public var meaning: String {
        switch self {
        case .dependencies: "pending on dependencies (added to ready)"
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

/// Nanoseconds per ``ExplainPhase``, indexed by the phase: one vector of eight, so that a million
/// operations' phases are one flat array rather than a million small ones.
public struct OperationPhases: Sendable, Equatable {
    public var nanoseconds = SIMD8<Int>()

    public init() {}

    public subscript(phase: ExplainPhase) -> Int {
        get { nanoseconds[phase.index] }
        set { nanoseconds[phase.index] = newValue }
    }

    public var total: Int { nanoseconds.wrappedSum() }
    /// Ready to executing.
    public var queueWait: Int { self[.slotWait] + self[.heldBack] + self[.queueOverhead] }

    public static func += (lhs: inout OperationPhases, rhs: OperationPhases) { lhs.nanoseconds &+= rhs.nanoseconds }
}
