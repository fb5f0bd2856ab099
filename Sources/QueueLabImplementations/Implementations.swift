import ActorBasedQueue
import DispatchBaseline
import FoundationAdapter
import LockBasedQueue
import QueueLabCore
@_exported import QueueLabRegistry
import QueueLabScheduling

/// QueueLab's four built-in implementations: what the `queuelab` executable passes to
/// `QueueLabTool.main(implementations:)`, and a shorthand for tests.
public enum Implementations {
    /// Every built-in implementation, in the order reports list them.
    public static let all: [any OperationQueueing.Type] = [
        LockQueue.self, ActorQueue.self, FoundationQueue.self, DispatchBaselineQueue.self,
    ]

    /// The registry of the built-ins (their names are distinct, which the registry checks).
    public static let registry: ImplementationRegistry = {
        do { return try ImplementationRegistry(all) } catch { fatalError("\(error)") }
    }()

    /// The built-ins that offer every `QueueCapabilities.operationQueue` capability: all but
    /// `dispatch`.
    public static var queues: [any OperationQueueing.Type] { registry.queues }
    /// The built-ins' names (`lock`, `actor`, `foundation`, `dispatch`), in the order of ``all``.
    public static var names: [String] { registry.names }
    /// The names of the built-ins that take a scheduling policy (`lock`, `actor`).
    public static var policyTakers: [String] { registry.policyTakers }

    /// The built-in called `name`; throws `UnknownImplementation`, listing the valid names, otherwise.
    public static func named(_ name: String) throws -> any OperationQueueing.Type { try registry.named(name) }

    /// The recipe for the built-in `name`, with the policy `specification` (`aging:step=2ms`) or, when
    /// nil, its own order; throws as `ImplementationRegistry.recipe(named:policy:)` does.
    public static func recipe(named name: String, policy specification: String? = nil) throws -> any QueueRecipe {
        try registry.recipe(named: name, policy: specification)
    }

    /// The `--policy` values `values`, parsed among the built-in policies and written back as full
    /// specifications, duplicates dropped, as `ImplementationRegistry.policySpecifications(_:)` does.
    public static func policySpecifications(_ values: [String]) throws(PolicySpecError) -> [String] {
        try ImplementationRegistry.policySpecifications(values)
    }
}
