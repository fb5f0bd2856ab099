import QueueLabCore

/// The phases of one class of operations (one priority, one queue, or all): totals, percentiles,
/// and the operations that waited longest in the queue once ready.
public struct ClassSummary: Sendable, Encodable {
    /// An operation and its queue wait (ready to executing: slot wait, held back and queue overhead).
    public struct Waiter: Sendable, Encodable {
        /// Its name and id, as the report prints them.
        public var operation: String
        /// The raw value of its `OperationID`.
        public var id: UInt64
        /// Ready to executing, in nanoseconds: the sum of its ``ExplainPhase/queueWaits`` phases.
        public var queueWaitNanoseconds: Int
        /// Its non-zero phases by name.
        public var phases: [String: Int]
    }

    /// The priority, or the queue's index and name.
    public var name: String
    /// Finished operations in the class.
    public var operations: Int
    /// Nanoseconds per phase, summed over the class.
    public var totals: [String: Int]
    /// Per phase, the nearest-rank 50th percentile of the operations' nanoseconds (non-zero phases only).
    public var p50: [String: Int]
    /// Per phase, the nearest-rank 99th percentile of the operations' nanoseconds (non-zero phases only).
    public var p99: [String: Int]
    /// Nearest-rank 50th percentile of an operation's life (added to finished), in nanoseconds.
    public var lifeP50: Int
    /// Nearest-rank 99th percentile of an operation's life (added to finished), in nanoseconds.
    public var lifeP99: Int
    /// Nearest-rank 50th percentile of an operation's queue wait (ready to executing), in nanoseconds.
    public var queueWaitP50: Int
    /// Nearest-rank 99th percentile of an operation's queue wait (ready to executing), in nanoseconds.
    public var queueWaitP99: Int
    /// Longest queue wait first.
    public var longestWaits: [Waiter]

    static let longestWaitCount = 5

    /// - Complexity: O(m log m) for the m members.
    init(name: String, members: [Int], phases: [OperationPhases], lives: [OperationLife]) {
        self.name = name
        operations = members.count
        var totals = OperationPhases()
        var p50 = OperationPhases()
        var p99 = OperationPhases()
        var column: [Int] = []
        column.reserveCapacity(members.count)
        for phase in ExplainPhase.allCases {
            column.removeAll(keepingCapacity: true)
            for member in members { column.append(phases[member][phase]) }
            totals[phase] = column.reduce(0, +)
            column.sort()
            p50[phase] = Self.percentile(column, 50)
            p99[phase] = Self.percentile(column, 99)
        }
        self.totals = totals.named
        self.p50 = p50.named
        self.p99 = p99.named
        let lifeColumn = members.map { phases[$0].total }.sorted()
        lifeP50 = Self.percentile(lifeColumn, 50)
        lifeP99 = Self.percentile(lifeColumn, 99)
        let waitColumn = members.map { phases[$0].queueWait }
        let sortedWaits = waitColumn.sorted()
        queueWaitP50 = Self.percentile(sortedWaits, 50)
        queueWaitP99 = Self.percentile(sortedWaits, 99)
        // A bounded insertion keeps the top few in O(m) rather than sorting every member again.
        var top: [(wait: Int, member: Int)] = []
        for (position, member) in members.enumerated() {
            let wait = waitColumn[position]
            guard top.count < Self.longestWaitCount || wait > top[top.count - 1].wait else { continue }
            let at = top.firstIndex { $0.wait < wait } ?? top.count
            top.insert((wait, member), at: at)
            if top.count > Self.longestWaitCount { top.removeLast() }
        }
        longestWaits = top.map {
            Waiter(
                operation: lives[$0.member].label, id: lives[$0.member].id.rawValue, queueWaitNanoseconds: $0.wait,
                phases: phases[$0.member].named)
        }
    }

    /// Nearest rank, as the rest of QueueLab reports percentiles; 0 for no values.
    static func percentile(_ sorted: [Int], _ percent: Int) -> Int {
        sorted.isEmpty ? 0 : sorted[(sorted.count - 1) * percent / 100]
    }
}
