import QueueLabCore

/// One entry of a recorded trace: either a transition the queue reported to its observer, or
/// something the suite's own code saw (a body starting, a completion handler running). Bodies
/// record themselves so that a queue whose observer lies is still caught.
public struct TraceEvent: Sendable, CustomStringConvertible {
    /// What happened: a transition the queue reported, or something the suite's own code saw.
    public enum Kind: Sendable, Equatable {
        /// Reported by the queue through `StateObserver`.
        case transition(OperationEvent)
        /// The body began; `observed` is the operation's `state` read inside the body, and
        /// `dependencyStates` the states of its declared dependencies read at the same moment.
        case bodyStarted(observed: OperationState, cancelled: Bool, dependencyStates: [OperationState])
        /// A synchronous body is about to return, or an asynchronous one is about to call `finish()`.
        case bodyEnded(cancelled: Bool)
        /// The completion handler ran; `observed` is the operation's state read inside it.
        case completion(observed: OperationState)
        /// Barrier block number `index` ran.
        case barrier(index: Int)
        /// Something the harness noticed (an unexpected error from `finish()`...).
        case note(String)
    }

    /// Position in the recorder: the order in which events were recorded.
    public let sequence: Int
    /// The operation the event concerns; raw value 0 for a barrier block, which is no operation.
    public let operation: OperationID
    /// The operation's name as recorded (`barrier N` for a barrier block), or nil.
    public let name: String?
    /// What happened: a transition the queue reported, or something the suite's own code saw.
    public let kind: Kind
    /// When it happened, in `MonotonicClock` nanoseconds: stamped by the queue for a transition, by
    /// the recorder for the rest.
    public let timestamp: UInt64
    /// The thread it happened on (`ThreadIdentity`): for a transition, the one that made it.
    public let thread: UInt64
    /// `StateTransition/sequence` for transitions: the causal order the queue gave them.
    public let causalSequence: UInt64

    /// An event as ``TraceRecorder`` records it; `causalSequence` stays 0 for an event the queue
    /// did not report.
    public init(
        sequence: Int, operation: OperationID, name: String?, kind: Kind, timestamp: UInt64, thread: UInt64,
        causalSequence: UInt64 = 0
    ) {
        self.sequence = sequence
        self.operation = operation
        self.name = name
        self.kind = kind
        self.timestamp = timestamp
        self.thread = thread
        self.causalSequence = causalSequence
    }

    /// The operation's ID and name, as messages print them.
    public var label: OperationLabel { OperationLabel(id: operation, name: name) }

    /// Whether the queue reported the event through its observer (``Kind/transition(_:)``), rather
    /// than the suite's own code seeing it.
    public var isTransition: Bool {
        if case .transition = kind { return true }
        return false
    }

    public var description: String { describe(relativeTo: 0) }

    /// The event as one line of a trace excerpt, its time in microseconds after `origin`.
    public func describe(relativeTo origin: UInt64) -> String {
        let micros = timestamp >= origin ? (timestamp - origin) / 1_000 : 0
        let what: String
        switch kind {
        case .transition(let event): what = "-> \(event)"
        case .bodyStarted(let observed, let cancelled, let deps):
            let flag = cancelled ? ", cancelled" : ""
            let depText = deps.isEmpty ? "" : ", deps=" + deps.map(\.description).joined(separator: ",")
            what = "body start (state=\(observed)\(flag)\(depText))"
        case .bodyEnded(let cancelled): what = "body end\(cancelled ? " (saw cancel)" : "")"
        case .completion(let observed): what = "completion (state=\(observed))"
        case .barrier(let index): what = "barrier \(index) ran"
        case .note(let text): what = "note: \(text)"
        }
        let who = operation.rawValue == 0 ? (name ?? "-") : label.description
        return "#\(sequence) +\(micros)us t\(thread % 10_000) \(who) \(what)"
    }
}
