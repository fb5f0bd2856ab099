import QueueLabCore

/// An operation a wait covers, held unfinished by one state of the contract, and how the state
/// ends. The wait adds `covered` itself (a batch wait must), so the state is completed after the
/// add, by `afterAdd`.
struct Holding<Q: OperationQueueing> {
    let queue: Q
    /// What the wait covers, in the order added; `target` among them (or added by one of them).
    let covered: [Q.Operation]
    /// The operation kept unfinished.
    let target: Q.Operation
    /// Completes the state once `covered` is in the queue (waits for a body to start, cancels...).
    var afterAdd: () throws -> Void = {}
    /// Ends the state: from then on the target finishes.
    let release: () -> Void
    /// Set when the state is "its completion handler runs": the wait must return while it does,
    /// and the handler counts its own return here.
    var handlerReturned: Counter?
}

/// A state that keeps an operation unfinished (pending, suspended, width full, executing,
/// cancelled on a suspended queue...), or, for `completion handler running`, one that must not.
struct HoldingState<Q: OperationQueueing> {
    let name: String
    let needs: QueueCapabilities
    /// Only a queue-wide wait covers operations added while it waits.
    let queueWideOnly: Bool
    let arrange: (WakeupStage<Q>) throws -> Holding<Q>

    init(
        _ name: String, needs: QueueCapabilities = [], queueWideOnly: Bool = false,
        _ arrange: @escaping (WakeupStage<Q>) throws -> Holding<Q>
    ) {
        self.name = name
        self.needs = needs
        self.queueWideOnly = queueWideOnly
        self.arrange = arrange
    }
}
