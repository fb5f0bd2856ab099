import QueueLabCore

/// How long a row leaves the queue in its state before the call.
enum WakeupPause {
    /// The level's observation window: long enough to see that nothing started early.
    case brief
    /// Longer than the idle time-out of QueueLab's own workers (200 ms lock, 500 ms actor): the
    /// queue's idle workers are gone, and only the call can bring one back.
    case workersRetired

    func duration(_ context: ScenarioContext) -> Duration {
        switch self {
        case .brief: context.observationWindow
        case .workersRetired: max(.milliseconds(700), context.observationWindow)
        }
    }
}

/// What a row's call must lead to.
enum WakeupProof<Op: QueueOperation> {
    /// The gate opens: a body (or a block) started.
    case opens(Gate, event: String)
    /// The operation finishes (a cancelled one: without its body).
    case finishes(Op)

    /// The watched operation's body starts.
    static func starts(_ watched: WatchedOperation<Op>) -> WakeupProof {
        .opens(watched.started, event: "\(watched.op.label) started")
    }
}

/// The call a row makes once its state is set up, and what it must lead to.
struct WakeupCall<Op: QueueOperation> {
    let proof: WakeupProof<Op>
    let make: () throws -> Void
}

/// One row of the wake-up table: a queue put in a state where exactly one call can let an
/// operation run, the call, and the proof that it ran. `arrange` sets the state up and returns
/// the call; nothing it arranges may let the watched operation run before the call.
struct WakeupRow<Q: OperationQueueing> {
    /// The protocol call (`resume`, `dependency finished (other queue, async)`...).
    let call: String
    /// The state it is made in (`idle, width 1`...).
    let state: String
    let needs: QueueCapabilities
    let pause: WakeupPause
    /// Whether the contract also allows the state to end by itself (a cancel on a suspended queue
    /// may finish the operation at once): then a proof seen before the call passes the row.
    let mayEndBeforeTheCall: Bool
    let arrange: (WakeupStage<Q>) throws -> WakeupCall<Q.Operation>

    init(
        _ call: String, _ state: String, needs: QueueCapabilities = [], pause: WakeupPause = .brief,
        mayEndBeforeTheCall: Bool = false, _ arrange: @escaping (WakeupStage<Q>) throws -> WakeupCall<Q.Operation>
    ) {
        self.call = call
        self.state = state
        self.needs = needs
        self.pause = pause
        self.mayEndBeforeTheCall = mayEndBeforeTheCall
        self.arrange = arrange
    }

    var name: String { "\(call) [\(state)]" }
}
