import QueueLabCore
import QueueLabScheduling

/// The implementations a `queuelab` tool knows by name: QueueLab's four built-ins, or whatever a
/// user's own tool passes to `QueueLabTool.main(implementations:)`. Chosen once, when the tool
/// starts, and carried as this one value.
public struct ImplementationRegistry: Sendable {
    /// Every implementation, in the order reports list them.
    public let all: [any OperationQueueing.Type]

    /// The registry of `implementations`, in that order.
    ///
    /// - Throws: ``DuplicateImplementationName`` when two share an `implementationName`: a name
    ///   must say which queue a CSV row, a verdict or a replay command is about.
    public init(_ implementations: [any OperationQueueing.Type]) throws(DuplicateImplementationName) {
        var seen: Set<String> = []
        for type in implementations where !seen.insert(type.implementationName).inserted {
            throw DuplicateImplementationName(name: type.implementationName)
        }
        all = implementations
        policies = SchedulingPolicies.builtIn
    }

    /// The registry of `implementations` whose `--policy` also knows `policies` (a tool's own, after
    /// the built-ins).
    ///
    /// - Throws: ``DuplicateImplementationName`` as above, or ``DuplicatePolicyName`` when a policy's
    ///   name is a built-in's or another's.
    public init(
        _ implementations: [any OperationQueueing.Type], policies: [SchedulingPolicies.Entry]
    ) throws {
        self = try ImplementationRegistry(implementations)
        var seen = Set(self.policies.map(\.name))
        for entry in policies where !seen.insert(entry.name).inserted {
            throw DuplicatePolicyName(name: entry.name)
        }
        self.policies += policies
    }

    /// The policies `--policy` can name: the built-ins, then the tool's own.
    public private(set) var policies: [SchedulingPolicies.Entry]

    /// The queues (not a floor such as `dispatch`, which lacks most capabilities).
    public var queues: [any OperationQueueing.Type] {
        all.filter { $0.capabilities.isSuperset(of: .operationQueue) }
    }

    /// The implementations' names (`implementationName`), in the order of ``all``.
    public var names: [String] { all.map { $0.implementationName } }

    /// The implementation called `name`.
    ///
    /// - Throws: ``UnknownImplementation`` whose message lists the valid names.
    public func named(_ name: String) throws(UnknownImplementation) -> any OperationQueueing.Type {
        guard let found = all.first(where: { $0.implementationName == name }) else {
            throw UnknownImplementation(name: name, valid: names)
        }
        return found
    }
}

/// A name given for an implementation that the registry does not hold; its message lists those it does.
public struct UnknownImplementation: Error, CustomStringConvertible {
    /// The name that was given.
    public let name: String
    /// The names the registry holds, in the order of ``ImplementationRegistry/all``.
    public let valid: [String]
    public var description: String {
        "unknown implementation '\(name)'; valid: \(valid.joined(separator: ", "))"
    }
}

/// Two implementations given to one tool share a name.
public struct DuplicateImplementationName: Error, CustomStringConvertible {
    /// The name the implementations share.
    public let name: String
    public var description: String {
        "two implementations are called '\(name)': every implementation needs a name of its own "
            + "(its static implementationName)"
    }
}

/// Two policies given to one tool share a name (or one takes a built-in's).
public struct DuplicatePolicyName: Error, CustomStringConvertible {
    /// The name the policies share.
    public let name: String
    public var description: String {
        "two scheduling policies are named '\(name)': a policy name must say which policy a run used"
    }
}
