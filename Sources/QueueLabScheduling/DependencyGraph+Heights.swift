import QueueLabCore
import Synchronization

/// Chain heights, kept by the graph for the `critical-path` policy (a policy with
/// ``SchedulingPolicy/ranksByHeight`` reads them; the others never pay for them).
///
/// An operation's height is the number of operations in the longest chain of counted waiting
/// dependents behind it: 0 with none, else 1 plus the highest height among the not yet started,
/// not cancelled operations that wait for it directly, saturating at a cap. Rank is an operation
/// count, not a cost: operations carry no cost hint.
///
/// **Cost.** A height only rises, and by at least one each time, so an operation's height rises at
/// most `cap` times; each rise walks the edges to its unfinished dependencies once. So every edge is
/// walked at most `cap` times over its life: amortised O(cap), O(1) for a fixed cap, per edge, and
/// no list of operations is ever searched. The heights are kept only while a queue whose policy
/// ranks by them exists (``HeightTracking``): without one, adding an edge costs one atomic load more.
///
/// **Staleness.** Heights never fall. A counted dependent cannot start or finish before the
/// operation it waits for finished, so the only events that would lower a height are a waiting
/// dependent being cancelled and an edge being removed; then the height stays as high as it was.
/// Falling back would need, per operation, a count of its dependents by height (`cap` counters) or a
/// rescan of its dependents; a stale rank only reorders operations of one priority level, and never
/// lets an operation start before its dependencies or before a higher level. Edges added while no
/// height-ranking queue exists are not counted either (the same kind of staleness).
extension DependencyGraph {
    /// Height-ranking queues alive, and the highest cap any of them asked for (kept, not lowered:
    /// heights already raised to it stay, and a policy clamps to its own cap when it reads).
    private static let heightQueues = Atomic<Int>(0)
    private static let heightCapWord = Atomic<Int>(0)

    /// The cap the graph raises heights to: the largest `cap` of any height-ranking queue made in
    /// this process (0 before the first).
    public static var heightCap: Int { heightCapWord.load(ordering: .relaxed) }

    /// Held by each queue whose policy ranks by height: while one exists, the graph keeps heights.
    public final class HeightTracking: Sendable {
        /// - Parameter cap: the highest height the holder distinguishes.
        public init(cap: Int) {
            var current = DependencyGraph.heightCapWord.load(ordering: .relaxed)
            while current < cap {
                let (exchanged, original) = DependencyGraph.heightCapWord.compareExchange(
                    expected: current, desired: cap, ordering: .relaxed)
                if exchanged { break }
                current = original
            }
            DependencyGraph.heightQueues.add(1, ordering: .sequentiallyConsistent)
        }

        deinit { DependencyGraph.heightQueues.subtract(1, ordering: .sequentiallyConsistent) }
    }

    /// How many times the height of `operation` rose: what the cost tests count.
    package static func heightRaises(of operation: ScheduledOperation) -> Int {
        withLock { Int(operation.heightRaises) }
    }

    /// Graph lock held: `dependent` waits for `dependency` from now on (a counted edge). Raises
    /// `dependency` and, down its counted edges, what it waits for, iteratively (a chain of a
    /// million must not take a stack frame per link).
    static func raiseHeight(
        from dependent: ScheduledOperation, into dependency: ScheduledOperation, _ notices: inout [Notice]
    ) {
        guard dependent.passesPriority, heightQueues.load(ordering: .relaxed) > 0 else { return }
        let cap = UInt32(clamping: heightCap)
        let raised = min(cap, dependent.heightWord.load(ordering: .relaxed) &+ 1)
        var next: (ScheduledOperation, UInt32)? = (dependency, raised)
        var later: [(ScheduledOperation, UInt32)] = []
        while let (operation, height) = next ?? later.popLast() {
            next = nil
            guard height > operation.heightWord.load(ordering: .relaxed) else { continue }
            operation.heightWord.store(height, ordering: .relaxed)
            operation.heightRaises &+= 1
            if let host = operation.claimedHost { notices.append((host, operation)) }
            // A started or cancelled operation no longer waits: it passes nothing down.
            guard operation.passesPriority, operation.state < .executing else { continue }
            let below = min(cap, height &+ 1)
            for dependency in operation.graphDependencies where dependency.state != .finished {
                if next == nil { next = (dependency, below) } else { later.append((dependency, below)) }
            }
        }
    }

    /// No lock held: tells each queue which of its operations rose in height.
    static func deliverHeights(_ notices: [Notice]) {
        for notice in notices { notice.host.heightRaised(notice.operation) }
    }
}
