import QueueLabCore

/// The ordering promises a check needs of the order the queues are made with, the way
/// ``Check/requirements`` names the capabilities it needs. A queue whose policy does not make them
/// gets UNSUPPORTED with the reason, never a PASS it did not earn nor a FAIL it did not deserve.
public struct PromiseRequirement: Sendable, Hashable, CustomStringConvertible {
    /// Any one of these sets will do; each needs all of its members. Empty: no promise needed.
    public let alternatives: [OrderingPromises]

    /// A requirement met by any one of `alternatives`, each needing all of its promises; empty
    /// needs none, like ``none``.
    public init(_ alternatives: [OrderingPromises]) { self.alternatives = alternatives }

    /// Checks of correctness, not of order: they hold under every policy.
    public static let none = PromiseRequirement([])

    /// Whether `promises` include every member of at least one alternative; always true for
    /// ``none``.
    public func isMet(by promises: OrderingPromises) -> Bool {
        alternatives.isEmpty || alternatives.contains { promises.isSuperset(of: $0) }
    }

    /// `strict-priority,fifo-within-level or strict-priority,lifo-within-level`; `none`.
    public var description: String {
        alternatives.isEmpty ? "none" : alternatives.map(\.description).joined(separator: " or ")
    }

    /// Why `recipe`'s queues cannot be checked, naming what the nearest alternative misses
    /// ("policy fifo does not promise strict-priority"); nil when they can.
    func unmetReason(by recipe: some QueueRecipe) -> String? {
        let promises = recipe.promises
        guard !isMet(by: promises),
            let nearest = alternatives.min(by: {
                $0.subtracting(promises).rawValue.nonzeroBitCount < $1.subtracting(promises).rawValue.nonzeroBitCount
            })
        else { return nil }
        let who =
            recipe.policy.map { "policy \($0)" }
            ?? "\(type(of: recipe).Queue.implementationName) keeps its own order (\(promises)), which"
        let needs = alternatives.count > 1 ? " (the check needs \(self))" : ""
        return "\(who) does not promise \(nearest.subtracting(promises))\(needs)"
    }
}
