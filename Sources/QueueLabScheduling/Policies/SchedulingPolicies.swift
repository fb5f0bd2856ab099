import QueueLabCore

/// The built-in policies by name, and the parser of `name[:key=value,...]` specifications (what a
/// command line's `--policy aging:step=2ms` hands over).
public enum SchedulingPolicies {
    /// One built-in policy: its name, its parameter keys with their meaning, and how to make it.
    public struct Entry: Sendable {
        /// The name a specification gives (`aging`), in lower case: the parser lowercases the name
        /// it reads before it looks it up.
        public let name: String
        /// What the policy does, in one line, for listings such as `queuelab list`.
        public let summary: String
        /// Key and what its value must be.
        public let parameters: [(key: String, expected: String)]
        let make: @Sendable ([String: String]) throws(PolicySpecError) -> any SchedulingPolicy

        /// A policy a command line can name: `make` receives the `key=value` parameters given
        /// (only keys listed in `parameters`; a missing one takes your default) and returns the
        /// policy, whose `name` must be `name` and whose declaration's specification must parse
        /// back to the same policy: a run records it, and its samples re-make it from it.
        public init(
            name: String, summary: String, parameters: [(key: String, expected: String)] = [],
            make: @escaping @Sendable ([String: String]) throws(PolicySpecError) -> any SchedulingPolicy
        ) {
            self.name = name
            self.summary = summary
            self.parameters = parameters
            self.make = make
        }
    }

    /// The built-in policies, ``StrictPolicy`` (the default) first: the catalogue
    /// ``parse(_:among:)`` reads by default.
    public static let builtIn: [Entry] = [
        Entry(
            name: "strict", summary: "highest priority first, FIFO within a priority (Foundation's rule; the default)",
            parameters: [], make: { _ throws(PolicySpecError) in StrictPolicy() }),
        Entry(
            name: "fifo", summary: "priority ignored: first ready, first started", parameters: [],
            make: { _ throws(PolicySpecError) in FIFOPolicy() }),
        Entry(
            name: "aging", summary: "priority rises one level per step of waiting; bounded wait",
            parameters: [("step", PolicyDuration.expectation)],
            make: { values throws(PolicySpecError) in
                guard let text = values["step"] else { return AgingPolicy() }
                guard let step = PolicyDuration.parse(text) else {
                    throw .invalidValue(policy: "aging", key: "step", value: text, expected: PolicyDuration.expectation)
                }
                return AgingPolicy(step: step)
            }),
        Entry(
            name: "weighted", summary: "each priority gets a share of starts by weight (stride scheduling)",
            parameters: [("weights", WeightedPolicy.weightsExpectation)],
            make: { values throws(PolicySpecError) in
                guard let text = values["weights"] else { return WeightedPolicy() }
                let weights = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                do {
                    return try WeightedPolicy(weights: weights)
                } catch {
                    throw .invalidValue(
                        policy: "weighted", key: "weights", value: text, expected: WeightedPolicy.weightsExpectation)
                }
            }),
        Entry(
            name: "lifo", summary: "highest priority first, newest first within a priority (latency over fairness)",
            parameters: [], make: { _ throws(PolicySpecError) in LIFOPolicy() }),
        Entry(
            name: "inherit",
            summary: "strict by effective priority: an operation runs at the priority of what waits for it",
            parameters: [], make: { _ throws(PolicySpecError) in InheritPolicy() }),
        Entry(
            name: "critical-path",
            summary: "strict between priorities; within one, the longest chain of waiting operations behind it first",
            parameters: [("cap", CriticalPathPolicy.capExpectation)],
            make: { values throws(PolicySpecError) in
                guard let text = values["cap"] else { return CriticalPathPolicy() }
                guard let cap = Int(text) else {
                    throw .invalidValue(
                        policy: "critical-path", key: "cap", value: text, expected: CriticalPathPolicy.capExpectation)
                }
                return try CriticalPathPolicy(cap: cap)
            }),
    ]

    /// The names of the built-in policies, in ``builtIn`` order.
    public static var names: [String] { builtIn.map(\.name) }

    /// The policy a specification names among `catalogue` (the built-ins, or those plus a tool's
    /// own): `strict`, `aging:step=2ms`, `weighted:weights=1:1:2:4:8`. Missing parameters take
    /// their defaults.
    ///
    /// - Throws: ``PolicySpecError``, whose message lists the valid names or keys.
    public static func parse(
        _ specification: String, among catalogue: [Entry] = builtIn
    ) throws(PolicySpecError) -> any SchedulingPolicy {
        let trimmed = specification.trimmingWhitespace()
        let name: String
        var rest: Substring = ""
        if let colon = trimmed.firstIndex(of: ":") {
            name = String(trimmed[..<colon])
            rest = trimmed[trimmed.index(after: colon)...]
        } else {
            name = trimmed
        }
        guard let entry = catalogue.first(where: { $0.name == name.lowercased() }) else {
            throw .unknownPolicy(name, valid: catalogue.map(\.name))
        }
        var values: [String: String] = [:]
        for item in rest.split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1).map { String($0).trimmingWhitespace() }
            guard parts.count == 2, !parts[0].isEmpty, values[parts[0]] == nil else {
                throw .malformedParameter(policy: entry.name, text: String(item))
            }
            guard entry.parameters.contains(where: { $0.key == parts[0] }) else {
                throw .unknownParameter(policy: entry.name, key: parts[0], valid: entry.parameters.map(\.key))
            }
            values[parts[0]] = parts[1]
        }
        return try entry.make(values)
    }
}

extension StringProtocol {
    fileprivate func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
