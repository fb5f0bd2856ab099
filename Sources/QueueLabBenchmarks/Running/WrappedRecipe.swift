import QueueLabCore

/// A recipe's queues, each wrapped on the way out, with the policy of the run: a traced run wraps
/// them in an `ObservedQueue`, a recorded one (`trace --format recording`) in QueueLabRecorder's
/// `RecordingQueue`; the workloads, which make their own queues, run wrapped without knowing it.
package struct WrappedRecipe<Base: QueueRecipe, Wrapped: OperationQueueing>: QueueRecipe {
    package let base: Base
    package let wrap: @Sendable (Base.Queue) -> Wrapped
    package var policy: PolicyDeclaration? { base.policy }

    package init(base: Base, wrap: @escaping @Sendable (Base.Queue) -> Wrapped) {
        self.base = base
        self.wrap = wrap
    }

    package func makeQueue(name: String?) -> Wrapped { wrap(base.makeQueue(name: name)) }
}
