import ActorBasedQueue
import DispatchBaseline
import FoundationAdapter
import LockBasedQueue
import QueueLabCore

/// The implementations `queuelab` knows by name.
public enum Implementations {
    /// Every implementation, in the order reports list them.
    public static let all: [any OperationQueueing.Type] = [
        LockQueue.self, ActorQueue.self, FoundationQueue.self, DispatchBaselineQueue.self,
    ]

    /// The queues (not the `dispatch` floor, which lacks most capabilities).
    public static var queues: [any OperationQueueing.Type] {
        all.filter { $0.capabilities.isSuperset(of: .operationQueue) }
    }

    public static var names: [String] { all.map { $0.implementationName } }

    /// The implementation called `name`.
    ///
    /// - Throws: ``UnknownImplementation`` whose message lists the valid names.
    public static func named(_ name: String) throws -> any OperationQueueing.Type {
        guard let found = all.first(where: { $0.implementationName == name }) else {
            throw UnknownImplementation(name: name, valid: names)
        }
        return found
    }
}

public struct UnknownImplementation: Error, CustomStringConvertible {
    public let name: String
    public let valid: [String]
    public var description: String {
        "unknown implementation '\(name)'; valid: \(valid.joined(separator: ", "))"
    }
}
