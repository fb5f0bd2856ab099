import QueueLabCore

/// What ``QueueStateMachine`` records on an operation when it lists it ready, for the policy.
package struct ReadyStamp: Sendable {
    /// The priority it was listed at: its entry stays where that priority put it until the
    /// machine relists it, even while the priority word already holds a new value.
    package var listedPriority = QueuePriority.normal
    /// The machine's count of listings at that moment: smaller means it became ready earlier.
    package var order: UInt64 = 0
    /// `MonotonicClock.now()` at that moment, when the policy reads the clock (else 0).
    package var since: UInt64 = 0
}

extension ScheduledOperation {
    /// The priority it was listed ready at: its entry stays where that priority put it until the
    /// machine relists it, even while ``priority`` already holds a new value.
    public var listedPriority: QueuePriority { readyStamp.listedPriority }
    /// The machine's count of listings when it was listed ready: smaller means it became ready
    /// earlier.
    public var readyOrder: UInt64 { readyStamp.order }
    /// `MonotonicClock.now()` when it was listed ready, if the policy reads the clock (else 0).
    public var readySince: UInt64 { readyStamp.since }
}
