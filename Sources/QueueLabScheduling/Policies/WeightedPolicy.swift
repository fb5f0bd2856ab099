import DequeModule
import QueueLabCore

/// Shares of starts by priority: stride scheduling (Waldspurger and Weihl, 1995) over the five
/// levels. Level i holds `weights[i]` tickets and a pass value; the level with something ready and
/// the smallest pass starts next (ties: the higher level) and its pass grows by its stride,
/// `2³² / weights[i]`. Under overload each level's share of starts is within one pick of
/// `weights[i] / sum(weights)`; within a level, FIFO.
///
/// A level that had nothing ready rejoins at the current global pass (the pass of the last pick),
/// not at its old one: otherwise a level idle for a while would monopolise the queue on return.
///
/// - Complexity: push O(1) amortised; pop O(1) amortised: five passes compared, each stale entry
///   dropped once; remove and a priority change O(1) (a count per level).
public struct WeightedPolicy: SchedulingPolicy {
    /// Tickets per level, from `veryLow` to `veryHigh`.
    public let weights: [Int]
    private let strides: [UInt64]
    private var passes: [UInt64] = Array(repeating: 0, count: QueuePriority.allCases.count)
    /// Current entries per level (stale ones are not counted).
    private var counts: [Int] = Array(repeating: 0, count: QueuePriority.allCases.count)
    private var globalPass: UInt64 = 0
    private var levels: [Deque<ReadyEntry>] = Array(repeating: Deque(), count: QueuePriority.allCases.count)
    /// Entries looked at by ``pop(now:)``, current or stale: what the cost tests count.
    public private(set) var examined = 0

    /// 1:2:4:8:16 from `veryLow` to `veryHigh`: each level starts twice as often as the one below.
    public static let defaultWeights = [1, 2, 4, 8, 16]

    /// With the default weights, ``defaultWeights`` (1:2:4:8:16).
    public init() {
        self.init(validWeights: Self.defaultWeights)
    }

    /// - Throws: ``PolicySpecError/invalidValue(policy:key:value:expected:)`` unless there are
    ///   five weights, each from 1 to 1,000,000.
    public init(weights: [Int]) throws(PolicySpecError) {
        guard weights.count == QueuePriority.allCases.count, weights.allSatisfy({ (1...1_000_000).contains($0) })
        else {
            throw .invalidValue(
                policy: "weighted", key: "weights", value: weights.map(String.init).joined(separator: ":"),
                expected: Self.weightsExpectation)
        }
        self.init(validWeights: weights)
    }

    private init(validWeights weights: [Int]) {
        self.weights = weights
        self.strides = weights.map { (1 << 32) / UInt64($0) }
    }

    static let weightsExpectation = "five positive integers up to 1000000, veryLow to veryHigh, e.g. 1:2:4:8:16"

    /// The parser's name for it: `weighted`.
    public var name: String { "weighted" }
    /// One parameter, `weights`: ``weights`` from `veryLow` to `veryHigh` (`weights=1:2:4:8:16`).
    public var parameters: [PolicyParameter] {
        [PolicyParameter(key: "weights", value: weights.map(String.init).joined(separator: ":"))]
    }
    /// FIFO within a level, and shares of starts by weight.
    public var promises: OrderingPromises { [.fifoWithinLevel, .weightedShares] }
    /// The name, parameters and promises, with ``weights`` as the weights of the promised shares.
    public var declaration: PolicyDeclaration {
        PolicyDeclaration(name: name, parameters: parameters, promises: promises, shareWeights: weights)
    }

    /// Appends the entry to its level's list; a level that held nothing rejoins at the global pass.
    public mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        let level = entry.level
        if counts[level] == 0 { passes[level] = max(passes[level], globalPass) }
        counts[level] += 1
        levels[level].append(entry)
    }

    /// Takes the operation off its listed level's count; its stale entry is dropped when reached.
    public mutating func remove(_ operation: ScheduledOperation) {
        counts[operation.listedPriority.level] -= 1
    }

    /// Removes and returns the current entry listed first at the level with the smallest pass (on a
    /// tie, the higher level), and adds the level's stride to its pass; nil when none is ready.
    public mutating func pop(now: UInt64) -> ReadyEntry? {
        var best = -1
        for level in (0..<counts.count).reversed() where counts[level] > 0 {
            if best < 0 || passes[level] < passes[best] { best = level }
        }
        guard best >= 0 else { return nil }
        globalPass = passes[best]
        passes[best] += strides[best]
        counts[best] -= 1
        if globalPass >= 1 << 62 { renormalise() }
        // A current entry is there: the count says so.
        while let entry = levels[best].popFirst() {
            examined &+= 1
            if entry.isCurrent { return entry }
        }
        return nil
    }

    /// Keeps the passes far from overflow (after about 2³⁰ picks of a weight-1 level): only
    /// their differences matter.
    private mutating func renormalise() {
        let base = globalPass
        for level in passes.indices { passes[level] = passes[level] > base ? passes[level] - base : 0 }
        globalPass = 0
    }
}
