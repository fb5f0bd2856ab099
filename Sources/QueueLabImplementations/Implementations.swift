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

    public static var queues: [any OperationQueueing.Type] { registry.queues }
    public static var names: [String] { registry.names }
    public static var policyTakers: [String] { registry.policyTakers }

    public static func named(_ name: String) throws -> any OperationQueueing.Type { try registry.named(name) }

    public static func recipe(named name: String, policy specification: String? = nil) throws -> any QueueRecipe {
        try registry.recipe(named: name, policy: specification)
    }

    public static func policySpecifications(_ values: [String]) throws(PolicySpecError) -> [String] {
        try ImplementationRegistry.policySpecifications(values)
    }
}
