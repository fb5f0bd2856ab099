import QueueLabCore

/// What ``QueueStateMachine`` records on an operation when it lists it ready, for the policy.
public struct ReadyStamp: Sendable {
    /// The priority it was listed at: its entry stays where that priority put it until the
    /// machine relists it, even while the priority word already holds a new value.
    public var listedPriority = QueuePriority.normal
    /// The machine's count of listings at that moment: smaller means it became ready earlier.
    public var order: UInt64 = 0
    /// `MonotonicClock.now()` at that moment, when the policy reads the clock (else 0).
    public var since: UInt64 = 0
}

extension ScheduledOperation {
    /// See ``ReadyStamp/listedPriority``.
    public var listedPriority: QueuePriority { readyStamp.listedPriority }
    /// See ``ReadyStamp/order``.
    public var readyOrder: UInt64 { readyStamp.order }
    /// See ``ReadyStamp/since``.
    public var readySince: UInt64 { readyStamp.since }
}
