import QueueLabCore

/// A batch with dependency edges, as `batch.fifo` builds it: members' priorities and the edges
/// each member has. Every edge to an operation outside the batch is satisfied (or only points
/// the other way) by the time the batch is added, so that at resume exactly the members without
/// an edge to an unfinished member are ready, all of them since they were added.
struct BatchShape: CustomStringConvertible {
    enum Edge: Equatable {
        /// Depends on an operation outside the batch that had finished when the edge was added.
        case onFinished
        /// Depends on an operation outside the batch that was unfinished when the edge was added and
        /// finished before the batch was added.
        case onSinceFinished
        /// An operation outside the batch (in another, suspended queue) depends on this member.
        case awaitedOutside
        /// Depends on the member at this index (earlier or later in the batch).
        case onMember(Int)
    }

    var priorities: [QueuePriority]
    var edges: [[Edge]]

    var count: Int { priorities.count }

    /// The reported shape: `[Y, f0...f4]` all `normal`, an outside operation depending on `Y`;
    /// Foundation starts `Y` first.
    static func reported(_ priority: QueuePriority, dependentInBatch: Bool) -> BatchShape {
        var shape = BatchShape(
            priorities: Array(repeating: priority, count: 6),
            edges: [[.awaitedOutside]] + Array(repeating: [], count: 5))
        if dependentInBatch {
            shape.priorities.append(priority)
            shape.edges[0] = []
            shape.edges.append([.onMember(0)])
        }
        return shape
    }

    /// 6 to 12 members of `priorities` (one per member, drawn by the caller), about half with edges
    /// of every kind.
    static func random(_ priorities: [QueuePriority], using rng: inout SplitMix64) -> BatchShape {
        var edges: [[Edge]] = Array(repeating: [], count: priorities.count)
        for index in priorities.indices where rng.chance(0.5) {
            switch rng.int(in: 0...4) {
            case 0: edges[index].append(.onFinished)
            case 1: edges[index].append(.onSinceFinished)
            case 2: edges[index].append(.awaitedOutside)
            default:
                // Forward or backward inside the batch; a forward edge only from an earlier member
                // to a later one that has no member edges itself, so the edges never close a cycle.
                let other = rng.int(in: 0...(priorities.count - 1))
                if other != index && !edges[other].contains(where: \.isMemberEdge)
                    && !edges.contains(where: { $0.contains(.onMember(index)) })
                {
                    edges[index].append(.onMember(other))
                }
            }
        }
        return BatchShape(priorities: priorities, edges: edges)
    }

    /// Members with no edge to another member: ready at resume.
    var readyAtResume: [Int] { priorities.indices.filter { !edges[$0].contains(where: \.isMemberEdge) } }

    /// The members that wait, directly or not, for `index`.
    func dependents(of index: Int) -> [Int] {
        var found: Set<Int> = []
        var frontier = [index]
        while let next = frontier.popLast() {
            for member in priorities.indices where edges[member].contains(.onMember(next)) {
                if found.insert(member).inserted { frontier.append(member) }
            }
        }
        return found.sorted()
    }

    var description: String {
        priorities.indices.map { index in
            let marks = edges[index].map { edge -> String in
                switch edge {
                case .onFinished: "after a finished op"
                case .onSinceFinished: "after a since finished op"
                case .awaitedOutside: "awaited outside"
                case .onMember(let other): "after m\(other)"
                }
            }
            return "m\(index) \(priorities[index])" + (marks.isEmpty ? "" : " (" + marks.joined(separator: ", ") + ")")
        }.joined(separator: "; ")
    }
}

extension BatchShape.Edge {
    var isMemberEdge: Bool {
        if case .onMember = self { return true }
        return false
    }
}
