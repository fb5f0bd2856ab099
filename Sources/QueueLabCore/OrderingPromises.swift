/// The ordering promises a scheduling policy makes, declared the way an implementation declares
/// its ``QueueCapabilities``: a conformance check of an ordering the policy does not promise
/// reports UNSUPPORTED instead of FAIL.
///
/// Each promise is about operations that are *ready* at the same time; dependencies always win.
/// The parameters a promise needs (the step of a bounded wait, the weights of shares) are in
/// ``PolicyDeclaration``.
public struct OrderingPromises: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// At width 1 the highest ready priority starts first (Foundation's promise).
    public static let strictPriority = OrderingPromises(rawValue: 1 << 0)
    /// Among ready operations of one priority, the one that became ready first starts first.
    public static let fifoWithinLevel = OrderingPromises(rawValue: 1 << 1)
    /// Among ready operations of one priority, the one that became ready last starts first.
    public static let lifoWithinLevel = OrderingPromises(rawValue: 1 << 2)
    /// Whatever their priority, ready operations start in the order they became ready.
    public static let readyOrder = OrderingPromises(rawValue: 1 << 3)
    /// No ready operation waits longer than ``PolicyDeclaration/waitBound(priority:backlog:width:longestBody:)``.
    public static let boundedWait = OrderingPromises(rawValue: 1 << 4)
    /// Under overload each priority level gets a share of starts proportional to its weight in
    /// ``PolicyDeclaration/shareWeights``, as stride scheduling and weighted fair queueing promise:
    /// over any stretch of starts of a width-1 queue during which the same k levels have ready
    /// work, a level of weight w gets n·w/W of the n starts (W: those levels' total weight) within
    /// k+1, whichever levels they are (`model.policy` judges every such stretch). A cancelled
    /// operation the queue starts (it finishes at once, its body never runs) is a start of its level.
    public static let weightedShares = OrderingPromises(rawValue: 1 << 5)
    /// An operation is ordered by its effective priority: the highest of its own and of every
    /// unfinished operation that (transitively, across queues) waits for it.
    public static let priorityInheritance = OrderingPromises(rawValue: 1 << 6)
    /// Among ready operations of one priority, the one with the longest chain of unstarted
    /// operations waiting behind it (counted up to ``PolicyDeclaration/rankCap``) starts first
    /// (`critical-path`). The order among equal ranks is not promised: a policy may relist an
    /// operation whose chain grew.
    public static let longestChainFirst = OrderingPromises(rawValue: 1 << 7)

    /// NSOperationQueue's order: strict priority, FIFO within a level. What a queue without a
    /// policy (``QueueRecipe/policy`` nil) is checked against.
    public static let operationQueue: OrderingPromises = [.strictPriority, .fifoWithinLevel]

    private static let names: [(OrderingPromises, String)] = [
        (.strictPriority, "strict-priority"), (.fifoWithinLevel, "fifo-within-level"),
        (.lifoWithinLevel, "lifo-within-level"), (.readyOrder, "ready-order"), (.boundedWait, "bounded-wait"),
        (.weightedShares, "weighted-shares"), (.priorityInheritance, "priority-inheritance"),
        (.longestChainFirst, "longest-chain-first"),
    ]

    public var description: String {
        Self.names.filter { contains($0.0) }.map(\.1).joined(separator: ",")
    }
}
