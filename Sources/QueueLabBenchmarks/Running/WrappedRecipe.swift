import QueueLabCore

/// A recipe's queues, each wrapped on the way out, with the policy of the run: a traced run wraps
/// them in an ``ObservedQueue``, a recorded one (`trace --format recording`) in QueueLabRecorder's
/// `RecordingQueue`; the workloads, which make their own queues, run wrapped without knowing it.
struct WrappedRecipe<Base: QueueRecipe, Wrapped: OperationQueueing>: QueueRecipe {
    let base: Base
    let wrap: @Sendable (Base.Queue) -> Wrapped
    var policy: PolicyDeclaration? { base.policy }
    func makeQueue(name: String?) -> Wrapped { wrap(base.makeQueue(name: name)) }
}
