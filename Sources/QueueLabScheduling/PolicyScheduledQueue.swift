import QueueLabCore

/// A queue that takes its ``SchedulingPolicy`` when it is made: what `queuelab --policy` and
/// `QueueMaker` need to make one with a chosen policy. `LockQueue` and `ActorQueue` conform; so
/// can a queue of your own built on ``QueueStateMachine``.
public protocol PolicyScheduledQueue: OperationQueueing {
    init(name: String?, policy: some SchedulingPolicy)
    /// The policy the queue was made with.
    var policy: PolicyDeclaration { get }
}

extension PolicyScheduledQueue {
    /// A recipe that makes every queue with (its own copy of) `policy`.
    public static func recipe(policy: some SchedulingPolicy) -> QueueMaker<Self> {
        QueueMaker(policy: policy.declaration) { Self(name: $0, policy: policy) }
    }
}
