import QueueLabCore
import QueueLabScheduling
import TestTiers
import Testing

/// Cycle detection on operations that are not in any queue: no threads involved.
@Suite(.onBlockingThreads) struct DependencyGraphTests {
    @Test func selfDependencyIsACycleOfOne() {
        let a = TestOperation("a")
        #expect(throws: QueueError.dependencyCycle(members: [a.label])) {
            try DependencyGraph.addDependency(a, to: a)
        }
    }

    @Test func threeCycleNamesItsMembersInWaitsForOrder() throws {
        let (a, b, c) = (TestOperation("a"), TestOperation("b"), TestOperation("c"))
        try DependencyGraph.addDependency(a, to: b)  // b waits for a
        try DependencyGraph.addDependency(b, to: c)  // c waits for b
        #expect(throws: QueueError.dependencyCycle(members: [a.label, c.label, b.label])) {
            try DependencyGraph.addDependency(c, to: a)  // a waits for c: a -> c -> b -> a
        }
        #expect(DependencyGraph.dependencies(of: a).isEmpty)
    }

    @Test func cycleHiddenInALargerGraphIsFound() throws {
        let nodes = (0..<50).map { TestOperation("n\($0)") }
        // A diamond lattice: n[i] waits for n[i-1] and n[i-2].
        for index in 1..<nodes.count {
            try DependencyGraph.addDependency(nodes[index - 1], to: nodes[index])
            if index >= 2 { try DependencyGraph.addDependency(nodes[index - 2], to: nodes[index]) }
        }
        #expect(throws: QueueError.self) { try DependencyGraph.addDependency(nodes[40], to: nodes[10]) }
        // An edge in the right direction is fine.
        try DependencyGraph.addDependency(nodes[10], to: nodes[40])
    }

    @Test func chainBuiltInEitherDirectionHasNoCycle() throws {
        let forward = (0..<2_000).map { TestOperation("f\($0)") }
        for index in forward.indices.dropFirst() {
            try DependencyGraph.addDependency(forward[index - 1], to: forward[index])
        }
        let backward = (0..<2_000).map { TestOperation("b\($0)") }
        for index in backward.indices.dropFirst().reversed() {
            try DependencyGraph.addDependency(backward[index - 1], to: backward[index])
        }
        #expect(DependencyGraph.unmetDependencies(of: forward[1999]).map(\.name) == ["f1998"])
    }

    @Test func duplicateEdgeIsIgnoredAndRemovalFrees() throws {
        let (a, b) = (TestOperation("a"), TestOperation("b"))
        try DependencyGraph.addDependency(a, to: b)
        try DependencyGraph.addDependency(a, to: b)
        #expect(DependencyGraph.dependencies(of: b).count == 1)
        DependencyGraph.removeDependency(a, from: b)
        #expect(DependencyGraph.dependencies(of: b).isEmpty)
        // With the edge gone, the reverse edge is no cycle.
        try DependencyGraph.addDependency(b, to: a)
    }

    @Test func longChainIsFreedWithoutRecursion() throws {
        // Freed link by link through deinit, a million operations would overflow the stack.
        var chain = [TestOperation("c0")]
        chain.reserveCapacity(1_000_000)
        for index in 1..<1_000_000 {
            let next = TestOperation("c\(index)")
            try DependencyGraph.addDependency(chain[index - 1], to: next)
            chain.append(next)
        }
        // Finishing releases each operation's dependents: what is left is the backward chain.
        for operation in chain {
            _ = operation.enter(.finished)
            operation.completeFinish()
        }
        var last: TestOperation? = chain.removeLast()
        chain = []  // only `last` holds the chain now
        #expect(last.map { DependencyGraph.dependencies(of: $0).count } == 1)
        last = nil
    }
}
