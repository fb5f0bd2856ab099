import QueueLabCore

/// The graph `dag` builds: node i waits for up to `edges` distinct earlier nodes drawn from the
/// workload's seed. One definition for the sample and for the simulator (QueueLabSimulation), so
/// both run the same graph.
package enum DagGraph {
    /// For each node in order, its dependencies in the order they are added.
    package static func dependencies(count: Int, edges: Int, seed: Int) -> [[Int]] {
        var random = SplitMix64(seed: UInt64(truncatingIfNeeded: seed))
        return (0..<count).map { index in
            var chosen: Set<Int> = []
            var ordered: [Int] = []
            for _ in 0..<Swift.min(edges, index) {
                let dependency = Int.random(in: 0..<index, using: &random)
                if chosen.insert(dependency).inserted { ordered.append(dependency) }
            }
            return ordered
        }
    }
}
