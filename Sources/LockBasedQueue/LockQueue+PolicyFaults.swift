import QueueLabCore
@_spi(QueueInternals) import QueueLabScheduling

extension LockQueue: PolicyFaultReporting {
    /// The faults of a policy from outside QueueLab (nil for a built-in): see `PolicyFault`.
    public var policyFaultLog: PolicyFaultLog? { lock.withLock { machine.policyFaultLog } }
}
