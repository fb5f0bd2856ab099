import QueueLabCore

/// A random scenario as plain data: operations, edges, cancel points. Generated from the seed,
/// run by ``GraphScenarios``, and shrunk (fewer operations, fewer edges) when it fails.
struct GraphSpec: Sendable, CustomStringConvertible {
    enum CancelPoint: Sendable, Equatable {
        case never
        /// Cancelled before it is added: must never run.
        case beforeAdd
        /// Cancelled from the scenario thread this long after it was added: races with its start.
        case afterAdd(nanoseconds: UInt64)
    }

    struct Node: Sendable {
        var priority: QueuePriority
        var asynchronous: Bool
        var spinNanoseconds: UInt64
        var cancel: CancelPoint
    }

    var nodes: [Node]
    /// `(from, to)`: node `from` depends on node `to`; always `to < from`, so the graph is acyclic.
    var edges: [(from: Int, to: Int)]
    var width: Int?

    struct Shape {
        var size: ClosedRange<Int>
        var edgeProbability = 0.25
        var asyncProbability = 0.0
        var cancelBeforeAddProbability = 0.0
        var cancelAfterAddProbability = 0.0
        var maxSpinMicroseconds = 200
        /// Bodies at least this long: gives the sampler running bodies to look at.
        var minSpinMicroseconds = 0
    }

    static func random(_ shape: Shape, rng: inout SplitMix64) -> GraphSpec {
        let count = rng.int(in: shape.size)
        var nodes: [Node] = []
        for _ in 0..<count {
            var cancel = CancelPoint.never
            if rng.chance(shape.cancelBeforeAddProbability) {
                cancel = .beforeAdd
            } else if rng.chance(shape.cancelAfterAddProbability) {
                cancel = .afterAdd(nanoseconds: UInt64(rng.int(in: 0...60)) * 1_000)
            }
            nodes.append(
                Node(
                    priority: QueuePriority.allCases.randomElement(using: &rng) ?? .normal,
                    asynchronous: rng.chance(shape.asyncProbability),
                    spinNanoseconds: UInt64(
                        rng.int(
                            in: shape.minSpinMicroseconds...max(shape.minSpinMicroseconds, shape.maxSpinMicroseconds)))
                        * 1_000,
                    cancel: cancel))
        }
        var edges: [(from: Int, to: Int)] = []
        for from in 0..<count {
            for to in 0..<from where rng.chance(shape.edgeProbability / Double(max(1, from)) * 2) {
                edges.append((from, to))
            }
        }
        let width: Int? = rng.chance(0.25) ? nil : rng.int(in: 1...4)
        return GraphSpec(nodes: nodes, edges: edges, width: width)
    }

    /// Smaller variants, smallest first: without one node (and its edges), without one edge, with
    /// a node made synchronous or uncancelled.
    var shrinkCandidates: [GraphSpec] {
        var candidates: [GraphSpec] = []
        for removed in nodes.indices.reversed() {
            var smaller = self
            smaller.nodes.remove(at: removed)
            smaller.edges = edges.compactMap { edge in
                if edge.from == removed || edge.to == removed { return nil }
                return (edge.from > removed ? edge.from - 1 : edge.from, edge.to > removed ? edge.to - 1 : edge.to)
            }
            candidates.append(smaller)
        }
        for removed in edges.indices.reversed() {
            var fewer = self
            fewer.edges.remove(at: removed)
            candidates.append(fewer)
        }
        for index in nodes.indices where nodes[index].asynchronous || nodes[index].cancel != .never {
            var simpler = self
            simpler.nodes[index].asynchronous = false
            simpler.nodes[index].cancel = .never
            candidates.append(simpler)
        }
        return candidates
    }

    var description: String {
        let nodeText = nodes.enumerated().map { index, node in
            var text = "n\(index)[\(node.priority)"
            if node.asynchronous { text += ",async" }
            switch node.cancel {
            case .never: break
            case .beforeAdd: text += ",cancel-before-add"
            case .afterAdd(let ns): text += ",cancel+\(ns / 1_000)us"
            }
            return text + "]"
        }
        let edgeText = edges.map { "n\($0.from)->n\($0.to)" }
        return "\(nodes.count) ops (width \(width.map(String.init) ?? "default")): \(nodeText.joined(separator: " "))"
            + (edgeText.isEmpty ? "" : "; edges (needs): \(edgeText.joined(separator: " "))")
    }
}
