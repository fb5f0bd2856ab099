/// What a scheduling policy says about itself: its name, its parameters, the orderings it promises
/// and the figures those promises are stated in. It is plain data, so the conformance suite and
/// the benchmark runner can use it knowing only this module.
public struct PolicyDeclaration: Sendable, Hashable, CustomStringConvertible {
    /// The policy's name as the parser knows it, e.g. `aging`.
    public let name: String
    /// The parameters in the parser's `key=value` form, in a fixed order.
    public let parameters: [PolicyParameter]
    /// The orderings the policy promises, which the conformance suite checks its queues against.
    public let promises: OrderingPromises
    /// For ``OrderingPromises/boundedWait``: how long a wait raises an operation by one level.
    public let agingStep: Duration?
    /// For ``OrderingPromises/weightedShares``: one weight per level, from `veryLow` to `veryHigh`.
    public let shareWeights: [Int]?
    /// What a priority change does to a ready operation's place: true (the built-ins but `fifo`)
    /// when it is listed anew at its new priority, as if it became ready at the change (so it goes
    /// behind its new level's operations under FIFO, before them under LIFO); false when it keeps
    /// the place it became ready at. The order checks' reference model reads it.
    public let relistsOnPriorityChange: Bool
    /// For ``OrderingPromises/longestChainFirst``: the longest chain of waiting operations the
    /// policy tells apart (`critical-path`'s cap); longer chains rank as this one.
    public let rankCap: Int?

    /// A declaration of the policy `name`. Give `agingStep`, `shareWeights` and `rankCap` only for
    /// the promises stated in them (nil otherwise); `relistsOnPriorityChange` defaults to the
    /// built-ins' choice.
    public init(
        name: String, parameters: [PolicyParameter] = [], promises: OrderingPromises,
        agingStep: Duration? = nil, shareWeights: [Int]? = nil, relistsOnPriorityChange: Bool = true,
        rankCap: Int? = nil
    ) {
        self.name = name
        self.parameters = parameters
        self.promises = promises
        self.agingStep = agingStep
        self.shareWeights = shareWeights
        self.relistsOnPriorityChange = relistsOnPriorityChange
        self.rankCap = rankCap
    }

    /// `aging(step=2ms)`; a policy without parameters is just its name.
    public var description: String {
        parameters.isEmpty ? name : "\(name)(\(parameters.map(\.description).joined(separator: ",")))"
    }

    /// The specification a parser reads back to this policy: `aging:step=2ms`.
    public var specification: String {
        parameters.isEmpty ? name : "\(name):\(parameters.map(\.description).joined(separator: ","))"
    }

    /// The longest an operation of `priority` can stay ready before it starts, for a policy that
    /// promises ``OrderingPromises/boundedWait``; nil otherwise.
    ///
    /// With aging one level per `step`, the operation reaches the top level after
    /// `(levels above it) · step`; from then on only operations that became ready before it can
    /// start first, and there were at most `backlog` of them (the ready operations when it became
    /// ready). Those start `width` at a time, each slot freeing within `longestBody`, so:
    ///
    ///     wait ≤ (4 − level) · step + (⌊backlog / width⌋ + 1) · longestBody
    ///
    /// plus the queue's own latency to start an operation. `level` is 0 for `veryLow`, 4 for
    /// `veryHigh`.
    public func waitBound(priority: QueuePriority, backlog: Int, width: Int, longestBody: Duration) -> Duration? {
        guard promises.contains(.boundedWait), let agingStep else { return nil }
        let levelsAbove = QueuePriority.veryHigh.level - priority.level
        let turns = max(0, backlog) / max(1, width) + 1
        return agingStep * levelsAbove + longestBody * turns
    }
}

/// One `key=value` parameter of a policy, with the value as the parser reads it (`step=2ms`).
public struct PolicyParameter: Sendable, Hashable, CustomStringConvertible {
    /// The parameter's name, e.g. `step`.
    public let key: String
    /// The parameter's value as the parser reads it, e.g. `2ms`.
    public let value: String

    /// The parameter `key=value`.
    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }

    public var description: String { "\(key)=\(value)" }
}
