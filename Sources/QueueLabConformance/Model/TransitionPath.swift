import QueueLabCore

/// One operation's transitions as its observer received them, against the contract's table of
/// cases: each arrives with a higher sequence than the one before, states move forward (ready
/// back to pending only for a dependency added before the start), `cancelled` at most once, and
/// `finished` without `executing` only for a cancelled operation.
struct TransitionPath: Sendable {
    private var state: OperationState?
    private var sequence: UInt64 = 0
    private var cancelled = false
    private(set) var sawFinished = false
    /// Added with every dependency finished: `pending` must not come first.
    private var readyFirst = false

    init(readyFirst: Bool = false) { self.readyFirst = readyFirst }

    /// Why `transition` cannot follow what arrived before, or nil.
    mutating func take(_ transition: StateTransition) -> String? {
        defer { sequence = max(sequence, transition.sequence) }
        if transition.sequence <= sequence {
            return
                "`\(transition.event)` (sequence \(transition.sequence)) arrived after sequence \(sequence): out of the order made"
        }
        guard let next = transition.event.state else {
            if cancelled { return "`cancelled` reported twice" }
            // A cancel of a finished operation may set the flag (Foundation's does): not forbidden.
            cancelled = true
            return nil
        }
        if state == nil && next == .pending && readyFirst {
            return
                "`pending` reported first, though it was added with every dependency finished (the table says `ready`)"
        }
        let allowed: Bool
        switch (state, next) {
        case (nil, .pending), (nil, .ready), (.pending, .ready), (.ready, .pending), (.ready, .executing),
            (.executing, .finished):
            allowed = true
        case (.ready, .finished), (.pending, .finished), (nil, .finished): allowed = cancelled
        default: allowed = false
        }
        if !allowed {
            return
                "`\(next)` after \(state.map { "`\($0)`" } ?? "nothing")\(next == .finished ? " of an operation never cancelled" : "")"
        }
        state = next
        if next == .finished { sawFinished = true }
        return nil
    }
}
