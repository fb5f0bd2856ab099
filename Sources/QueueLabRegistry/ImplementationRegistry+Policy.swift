import QueueLabCore
import QueueLabScheduling

extension ImplementationRegistry {
    /// The recipe for the implementation `name`, made with the policy `specification`
    /// (`aging:step=2ms`, as `SchedulingPolicies.parse(_:)` reads it), or with its own order when
    /// `specification` is nil.
    ///
    /// - Throws: ``UnknownImplementation``, `PolicySpecError`, or ``PolicyNotTaken`` when the
    ///   implementation has no policy seam; each message lists what would have been valid.
    public func recipe(named name: String, policy specification: String? = nil) throws -> any QueueRecipe {
        let type = try named(name)
        guard let specification else { return plainRecipe(type) }
        guard let scheduled = type as? any PolicyScheduledQueue.Type else {
            throw PolicyNotTaken(implementation: name, takers: policyTakers)
        }
        return policyRecipe(scheduled, try SchedulingPolicies.parse(specification, among: policies))
    }

    /// The names of the implementations that take a policy.
    public var policyTakers: [String] {
        all.filter { $0 is any PolicyScheduledQueue.Type }.map { $0.implementationName }
    }

    private func plainRecipe<Queue: OperationQueueing>(_ type: Queue.Type) -> any QueueRecipe {
        QueueMaker(type)
    }

    private func policyRecipe<Queue: PolicyScheduledQueue>(
        _ type: Queue.Type, _ policy: some SchedulingPolicy
    ) -> any QueueRecipe {
        Queue.recipe(policy: policy)
    }
}

/// A policy was given for an implementation without a policy seam (`foundation`, `dispatch`).
public struct PolicyNotTaken: Error, CustomStringConvertible {
    /// The name of the implementation the policy was given for.
    public let implementation: String
    /// The implementations that take one.
    public let takers: [String]

    /// The error for a policy given to `implementation`, listing `takers` as the valid choices.
    package init(implementation: String, takers: [String]) {
        self.implementation = implementation
        self.takers = takers
    }

    public var description: String {
        "implementation '\(implementation)' has no scheduling policy to choose (it keeps its own order); "
            + "policies apply to: \(takers.joined(separator: ", "))"
    }
}
