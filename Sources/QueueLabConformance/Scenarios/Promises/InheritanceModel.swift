/// The reference model of priority inheritance: every operation of the run (in the checked queue
/// or the suspended helper queue) with its own level, whether it still waits (unstarted, not
/// cancelled) and the operations that wait for it. An operation's effective level is the highest
/// of its own and of the effective levels of the operations still waiting for it, transitively.
struct InheritanceModel {
    struct Node {
        var level: Int
        var waiting = true
        var dependents: [Int] = []
        let inChecked: Bool
        var ready = false
    }

    private(set) var nodes: [Node] = []

    mutating func add(level: Int, inChecked: Bool) -> Int {
        nodes.append(Node(level: level, inChecked: inChecked))
        return nodes.count - 1
    }

    mutating func depend(_ dependent: Int, on dependency: Int) { nodes[dependency].dependents.append(dependent) }
    mutating func setReady(_ node: Int) { nodes[node].ready = true }
    mutating func setLevel(_ node: Int, _ level: Int) { nodes[node].level = level }
    mutating func stopWaiting(_ node: Int) {
        nodes[node].waiting = false
        nodes[node].ready = false
    }

    /// Effective levels of every node, in one pass with memoisation (the graph is acyclic).
    func effectiveLevels() -> [Int] {
        var memo = Array(repeating: -1, count: nodes.count)
        func effective(_ node: Int) -> Int {
            if memo[node] >= 0 { return memo[node] }
            var level = nodes[node].level
            for dependent in nodes[node].dependents where nodes[dependent].waiting {
                level = max(level, effective(dependent))
            }
            memo[node] = level
            return level
        }
        return nodes.indices.map(effective)
    }

    /// The ready operations of the checked queue.
    var readyInChecked: [Int] { nodes.indices.filter { nodes[$0].inChecked && nodes[$0].ready } }

    /// The chain through which `node` gets `level`: the first dependent path reaching it.
    func chain(to node: Int, reaching level: Int, effective: [Int]) -> [Int] {
        var path = [node]
        var current = node
        while nodes[current].level < level,
            let next = nodes[current].dependents.first(where: { nodes[$0].waiting && effective[$0] >= level })
        {
            path.append(next)
            current = next
        }
        return path
    }
}
