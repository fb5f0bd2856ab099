import QueueLabCore
import QueueLabScheduling
import TestTiers
import Testing

/// `critical-path` on the bare state machine (the machine holds the graph's height tracking, so
/// edges added here are counted), and the cost of keeping heights.
@Suite(.onBlockingThreads) struct CriticalPathPolicyTests {
    /// An operation with a chain of `height` waiting operations behind it (none of them queued).
    static func operation(_ name: String, _ priority: QueuePriority = .normal, height: Int) throws -> TestOperation {
        let operation = TestOperation(name, priority)
        var below: ScheduledOperation = operation
        for link in 0..<height {
            let dependent = TestOperation("\(name)+\(link)", priority)
            try DependencyGraph.addDependency(below, to: dependent)
            below = dependent
        }
        #expect(operation.chainHeight == height)
        return operation
    }

    @Test func theLongestChainBehindGoesFirstAndEqualRanksInReadyOrder() throws {
        var machine = try makeMachine("critical-path")
        for (name, height) in [("x", 0), ("y", 2), ("z", 1), ("w", 2), ("v", 0)] {
            _ = machine.enqueue(try Self.operation(name, height: height), isReady: true)
        }
        #expect(machine.drainNames() == ["y", "w", "z", "x", "v"])
    }

    @Test func aHigherLevelBeatsAnyRank() throws {
        var machine = try makeMachine("critical-path")
        _ = machine.enqueue(try Self.operation("long", .normal, height: 5), isReady: true)
        _ = machine.enqueue(try Self.operation("high", .high, height: 0), isReady: true)
        _ = machine.enqueue(try Self.operation("low", .low, height: 9), isReady: true)
        #expect(machine.drainNames() == ["high", "long", "low"])
    }

    /// The graph raises heights to the largest cap any queue of the process asked for, so alone
    /// this test would see the heights cut at 2 by the graph; a default-cap tracker held here makes
    /// the graph keep the true heights and leaves the policy's own clamp as what is tested.
    @Test func ranksAboveTheCapLookAlike() throws {
        let defaultCapQueue = DependencyGraph.HeightTracking(cap: CriticalPathPolicy.defaultCap)
        defer { withExtendedLifetime(defaultCapQueue) {} }
        var machine = try makeMachine("critical-path:cap=2")
        _ = machine.enqueue(try Self.operation("three", height: 3), isReady: true)
        _ = machine.enqueue(try Self.operation("five", height: 5), isReady: true)
        _ = machine.enqueue(try Self.operation("one", height: 1), isReady: true)
        #expect(machine.drainNames() == ["three", "five", "one"])
    }

    /// A relisting leaves a stale entry behind, dropped once when reached.
    @Test func aRelistedOperationIsStartedOnce() throws {
        var machine = try makeMachine("critical-path")
        let first = try Self.operation("a", height: 0)
        _ = machine.enqueue(first, isReady: true)
        _ = machine.enqueue(try Self.operation("b", height: 1), isReady: true)
        machine.reprioritize(first)
        #expect(machine.drainNames() == ["b", "a"])
        #expect(machine.examined == 3)
    }

    /// The worst order: a chain of 1,000 built bottom-up, so each new top raises every operation
    /// below it (up to the cap). Each operation rises at most `cap` times, so the raises (and the
    /// edge walks, one per raise in a chain) stay within cap × edges.
    @Test func buildingAChainInTheWorstOrderCostsAtMostCapRaisesPerEdge() throws {
        let tracking = DependencyGraph.HeightTracking(cap: CriticalPathPolicy.defaultCap)
        defer { withExtendedLifetime(tracking) {} }
        let cap = DependencyGraph.heightCap
        let chain = (0..<1_000).map { TestOperation("c\($0)") }
        for index in chain.indices.dropFirst() {
            try DependencyGraph.addDependency(chain[index - 1], to: chain[index])
        }
        let raises = chain.map { DependencyGraph.heightRaises(of: $0) }
        let edges = chain.count - 1
        #expect(raises.reduce(0, +) <= cap * edges)
        for (index, operation) in chain.enumerated() {
            #expect(operation.chainHeight == min(cap, edges - index))
            #expect(raises[index] == min(cap, edges - index), "each rise is by one in this order")
        }
        // Top-down, each edge finds the height it needs at once: one raise per operation.
        let reversed = (0..<1_000).map { TestOperation("r\($0)") }
        for index in reversed.indices.dropFirst().reversed() {
            try DependencyGraph.addDependency(reversed[index - 1], to: reversed[index])
        }
        #expect(reversed.map { DependencyGraph.heightRaises(of: $0) }.reduce(0, +) == edges)
        #expect(reversed[0].chainHeight == cap)
    }

    @Test func aCancelledDependentRaisesNothing() throws {
        let tracking = DependencyGraph.HeightTracking(cap: CriticalPathPolicy.defaultCap)
        defer { withExtendedLifetime(tracking) {} }
        let dependency = TestOperation("p")
        let dependent = TestOperation("d")
        dependent.requestCancel()
        try DependencyGraph.addDependency(dependency, to: dependent)
        #expect(dependency.chainHeight == 0)
    }

    @Test func badCapsAreRefusedWithWhatIsValid() {
        for bad in ["critical-path:cap=0", "critical-path:cap=-3", "critical-path:cap=lots", "critical-path:cap=65537"]
        {
            #expect(throws: PolicySpecError.self) { try SchedulingPolicies.parse(bad) }
        }
        do {
            _ = try SchedulingPolicies.parse("critical-path:cap=0")
        } catch {
            #expect(error.description.contains("invalid value '0' for critical-path:cap; expected an integer from 1"))
        }
        #expect(throws: PolicySpecError.unknownParameter(policy: "critical-path", key: "depth", valid: ["cap"])) {
            try SchedulingPolicies.parse("critical-path:depth=3")
        }
        #expect(throws: PolicySpecError.self) { try CriticalPathPolicy(cap: 0) }
        #expect(
            (try? SchedulingPolicies.parse("critical-path:cap=16"))?.declaration.specification == "critical-path:cap=16"
        )
    }
}
