import QueueLabCore
import QueueLabScheduling

extension ActorQueue: PolicyFaultReporting {
    /// The faults of a policy from outside QueueLab (nil for a built-in): see `PolicyFault`.
    public var policyFaultLog: PolicyFaultLog? { scheduler.policyFaultLog }
}
