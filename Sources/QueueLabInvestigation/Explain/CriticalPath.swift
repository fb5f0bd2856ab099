import QueueLabCore

/// The chain of operations and waits that ended at the run's last finish: from the operation that
/// finished last, back through whatever let each one start last: the dependency that finished last,
/// or, when the operation waited for a slot and that slot was freed later still, the operation whose
/// finish freed it. Each link counts its operation's phases from its predecessor's finish to its own,
/// plus any time between that finish and its being added (`arrival`: the workload had not added it
/// yet), so the links add up to the makespan.
public struct CriticalPath: Sendable, Encodable {
    /// Why a link's operation is preceded by the previous link's.
    public enum Reason: String, Sendable, Encodable {
        /// The path starts here: nothing recorded held it back.
        case start
        /// The dependency that finished last.
        case dependency
        /// The finish that freed the slot it started in.
        case slot
    }

    /// One operation on the path.
    public struct Link: Sendable, Encodable {
        /// Its name and id, as the report prints them.
        public var operation: String
        /// The raw value of its `OperationID`.
        public var id: UInt64
        /// Its queue priority, by name (`veryHigh` to `veryLow`).
        public var priority: String
        /// Index of its queue in the run, -1 when unknown.
        public var queue: Int
        /// Why the previous link precedes it (or `start`).
        public var reason: Reason
        /// Nanoseconds per phase within the link (its predecessor's finish to its own finish).
        public var phases: [String: Int]
    }

    /// The run's first addition to the path's last finish: the makespan for the run's path.
    public var makespanNanoseconds: Int
    /// The operation the path ends at.
    public var endsAt: String
    /// Operations on the path, all of them (``links`` keeps only the last ``keptLinks``).
    public var linkCount: Int
    /// Operations on the path per ``CriticalPath/Reason`` raw value.
    public var linksByReason: [String: Int]
    /// Operations on the path per priority name.
    public var linksByPriority: [String: Int]
    /// Nanoseconds per phase over the whole path, and `arrival`.
    public var phases: [String: Int]
    /// Per priority, the time the path's operations of that priority spent ready and not started
    /// (suspended, slot-wait, held-back, queue-overhead): where an inversion shows, as a long wait of a
    /// low-priority operation that a high-priority one depended on.
    public var queueWaitByPriority: [String: Int]
    /// The last ``keptLinks`` links, first to last (a width-1 queue's path can hold every operation).
    public var links: [Link]

    /// The most links ``links`` keeps; the counts cover the whole path.
    public static let keptLinks = 200

    /// The path that ended at the run's last finish.
    static func walk(lives: RunLives, split: PhaseSplit, dependencies: [OperationID: [OperationID]]) -> CriticalPath {
        let all = lives.lives
        guard let last = all.indices.max(by: { all[$0].finished < all[$1].finished }) else {
            return CriticalPath(
                makespanNanoseconds: 0, endsAt: "", linkCount: 0, linksByReason: [:], linksByPriority: [:],
                phases: [:], queueWaitByPriority: [:], links: [])
        }
        return walk(from: last, lives: lives, split: split, dependencies: dependencies)
    }

    /// The path that ended at `lives.lives[last]`'s finish, from the run's start or, given `since`,
    /// only as far back as `since` (an operation's own life: what held that operation up).
    ///
    /// - Complexity: O(p log n) for a path of p operations.
    static func walk(
        from last: Int, since: Int? = nil, lives: RunLives, split: PhaseSplit,
        dependencies: [OperationID: [OperationID]]
    ) -> CriticalPath {
        let all = lives.lives
        let origin = since ?? all.map(\.added).min() ?? 0
        var reversed: [(member: Int, from: Int?, reason: Reason)] = []
        var visited: Set<Int> = []
        var current = last
        while visited.insert(current).inserted {
            let life = all[current]
            var predecessor: (member: Int, finished: Int, reason: Reason)?
            for dependency in dependencies[life.id] ?? [] {
                guard let member = lives.index[dependency] else { continue }
                if predecessor.map({ all[member].finished > $0.finished }) ?? true {
                    predecessor = (member, all[member].finished, .dependency)
                }
            }
            let phases = split.phases(of: current)
            if phases[.slotWait] > 0, let executing = life.executing,
                let freer = split.timeline(of: life).slotFreer(before: executing), freer.life != current,
                predecessor.map({ freer.time > $0.finished }) ?? true
            {
                predecessor = (freer.life, freer.time, .slot)
            }
            guard let predecessor, !visited.contains(predecessor.member), predecessor.finished > origin else {
                reversed.append((current, since, .start))
                break
            }
            reversed.append((current, predecessor.finished, predecessor.reason))
            current = predecessor.member
        }
        var totals = OperationPhases()
        var arrival = 0
        var links: [Link] = []
        var byReason: [String: Int] = [:]
        var byPriority: [String: Int] = [:]
        var waits: [String: Int] = [:]
        for (position, (member, from, reason)) in reversed.reversed().enumerated() {
            let life = all[member]
            let phases = split.phases(of: member, from: from)
            let waitedToBeAdded = Swift.max(0, Swift.min(life.added, life.finished) - (from ?? origin))
            totals += phases
            arrival += waitedToBeAdded
            byReason[reason.rawValue, default: 0] += 1
            byPriority[life.priority.description, default: 0] += 1
            if phases.queueWait > 0 { waits[life.priority.description, default: 0] += phases.queueWait }
            guard position >= reversed.count - Self.keptLinks else { continue }
            var named = phases.named
            if waitedToBeAdded > 0 { named[Self.arrival] = waitedToBeAdded }
            links.append(
                Link(
                    operation: life.label, id: life.id.rawValue, priority: life.priority.description, queue: life.queue,
                    reason: reason, phases: named))
        }
        var named = totals.named
        if arrival > 0 { named[Self.arrival] = arrival }
        return CriticalPath(
            makespanNanoseconds: all[last].finished - origin, endsAt: all[last].label, linkCount: reversed.count,
            linksByReason: byReason, linksByPriority: byPriority, phases: named, queueWaitByPriority: waits,
            links: links)
    }
}

extension CriticalPath {
    /// Operations on the path whose priority is below the one named `priority`.
    public func linksBelow(_ priority: String) -> Int {
        guard let level = QueuePriority.allCases.first(where: { $0.description == priority }) else { return 0 }
        return linksByPriority.reduce(0) { count, entry in
            let below = QueuePriority.allCases.first { $0.description == entry.key }.map { $0 < level } ?? false
            return count + (below ? entry.value : 0)
        }
    }

    /// The key of a link's time between its predecessor's finish and its own addition.
    public static let arrival = "arrival"
}

extension OperationPhases {
    /// Non-zero phases by name (JSON).
    var named: [String: Int] {
        Dictionary(
            uniqueKeysWithValues: ExplainPhase.allCases.compactMap { self[$0] == 0 ? nil : ($0.rawValue, self[$0]) })
    }
}
