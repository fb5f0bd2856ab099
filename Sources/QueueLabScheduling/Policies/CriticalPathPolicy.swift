import HeapModule
import QueueLabCore

/// Critical path first: strict priority between levels, and within a level the ready operation
/// with the longest chain of waiting operations behind it first (list scheduling by upward rank,
/// as HEFT, on unit costs); among equal ranks, the one ready first.
///
/// Rank is ``ScheduledOperation/chainHeight``, an operation count (operations carry no cost
/// hint), capped at ``cap``: chains longer than the cap look alike, so the cap is how far ahead the
/// policy looks. ``DependencyGraph`` keeps heights incrementally while a queue with this policy
/// exists, at amortised O(cap) per dependency edge, and a queue relists a ready operation whose
/// height rose. Heights never fall (a cancelled dependent or a removed edge leaves them as they
/// were): a stale rank only reorders operations within one level.
///
/// A relisted operation joins its new rank behind those already there, so within a level the order
/// is not FIFO: the policy promises strict priority and, within a level, the longest chain first
/// (`OrderingPromises.longestChainFirst`, up to its ``cap``).
///
/// - Complexity: push O(log n); pop O(log n) amortised (each stale entry, left by a relisting or a
///   late dependency, is dropped once); remove O(1).
public struct CriticalPathPolicy: SchedulingPolicy {
    /// The highest rank it distinguishes.
    public let cap: Int
    private var ready = Heap<Ranked>()
    /// Entries looked at by ``pop(now:)``, current or stale: what the cost tests count.
    public private(set) var examined = 0

    /// 64: a chain's head outranks short work as soon as 64 operations wait behind it, and building a
    /// chain in the worst order costs at most 64 height raises per edge.
    public static let defaultCap = 64
    /// The largest cap accepted: past it the bookkeeping per edge is no longer small.
    public static let highestCap = 65_536
    static let capExpectation = "an integer from 1 to \(highestCap): the longest chain it tells apart"

    /// With the default cap, ``defaultCap``.
    public init() {
        cap = Self.defaultCap
    }

    /// - Throws: ``PolicySpecError/invalidValue(policy:key:value:expected:)`` unless `cap` is 1 to
    ///   ``highestCap``.
    public init(cap: Int) throws(PolicySpecError) {
        guard (1...Self.highestCap).contains(cap) else {
            throw .invalidValue(policy: "critical-path", key: "cap", value: "\(cap)", expected: Self.capExpectation)
        }
        self.cap = cap
    }

    /// The parser's name for it: `critical-path`.
    public var name: String { "critical-path" }
    /// One parameter, ``cap`` (`cap=64`).
    public var parameters: [PolicyParameter] { [PolicyParameter(key: "cap", value: "\(cap)")] }
    /// Strict priority between levels and, within a level, the longest chain first.
    public var promises: OrderingPromises { [.strictPriority, .longestChainFirst] }
    /// True: it ranks ready operations by ``ScheduledOperation/chainHeight``.
    public var ranksByHeight: Bool { true }
    /// The ``cap``: heights above it rank alike, so the graph need not count them.
    public var heightCap: Int { cap }

    /// Inserts the entry at its level and its rank: its chain height, capped at ``cap``.
    public mutating func push(_ entry: ReadyEntry, reason: ReadyReason, now: UInt64) {
        let rank = UInt32(min(entry.operation.chainHeight, cap))
        ready.insert(Ranked(entry: entry, rank: rank, order: entry.operation.readyOrder))
    }

    /// Removes and returns the current entry of the highest level, then the highest rank, then the
    /// earliest listing, dropping the stale entries it meets; nil when it holds no current entry.
    public mutating func pop(now: UInt64) -> ReadyEntry? {
        while let top = ready.popMax() {
            examined &+= 1
            if top.entry.isCurrent { return top.entry }
        }
        return nil
    }
}

/// A ready entry with the rank it was listed at: the greatest is the highest level, then the
/// highest rank, then the earliest listing.
private struct Ranked: Comparable {
    let entry: ReadyEntry
    let rank: UInt32
    let order: UInt64

    static func < (lhs: Ranked, rhs: Ranked) -> Bool {
        if lhs.entry.level != rhs.entry.level { return lhs.entry.level < rhs.entry.level }
        if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
        return lhs.order > rhs.order
    }

    static func == (lhs: Ranked, rhs: Ranked) -> Bool {
        lhs.entry.level == rhs.entry.level && lhs.rank == rhs.rank && lhs.order == rhs.order
    }
}
