import QueueLabCore
import QueueLabScheduling
import TestTiers
import Testing

/// Stride scheduling under overload, on the bare machine: every level always has work ready.
@Suite(.onBlockingThreads) struct WeightedShareTests {
    /// Starts per level over `picks`, each level refilled as it is drained.
    private func shares(_ specification: String, picks: Int, levels: [Int] = Array(0..<5)) throws -> [Int] {
        var machine = try makeMachine(specification)
        for level in levels {
            for _ in 0..<100 { _ = machine.enqueue(TestOperation("", QueuePriority(level: level)), isReady: true) }
        }
        var starts = Array(repeating: 0, count: 5)
        for _ in 0..<picks {
            let taken1 = machine.takeOne()
            let operation = try #require(taken1)
            starts[operation.priority.level] += 1
            _ = machine.enqueue(TestOperation("", operation.priority), isReady: true)
        }
        return starts
    }

    @Test(arguments: ["weighted", "weighted:weights=1:1:1:1:1", "weighted:weights=5:1:3:1:10"])
    func measuredSharesMatchTheWeights(_ specification: String) throws {
        let policy = try SchedulingPolicies.parse(specification)
        let weights = try #require(policy.declaration.shareWeights)
        let picks = 62_000
        let starts = try shares(specification, picks: picks)
        let total = Double(weights.reduce(0, +))
        for level in 0..<5 {
            let expected = Double(picks) * Double(weights[level]) / total
            // Stride scheduling is within one pick of the share; "a few percent" leaves room.
            #expect(abs(Double(starts[level]) - expected) <= max(2, expected * 0.02), "level \(level): \(starts)")
        }
        // Jain's index over share / weight: 1 is perfectly fair.
        let normalised = (0..<5).map { Double(starts[$0]) / Double(weights[$0]) }
        let jain = pow2(normalised.reduce(0, +)) / (5 * normalised.map(pow2).reduce(0, +))
        #expect(jain > 0.999)
    }

    @Test func anIdleLevelRejoinsAtTheGlobalPass() throws {
        var machine = try makeMachine("weighted")
        // veryHigh alone for a long while: veryLow's old pass falls far behind.
        for _ in 0..<50 { _ = machine.enqueue(TestOperation("", .veryHigh), isReady: true) }
        for _ in 0..<1_600 {
            let taken2 = machine.takeOne()
            let operation = try #require(taken2)
            _ = machine.enqueue(TestOperation("", operation.priority), isReady: true)
        }
        for _ in 0..<50 { _ = machine.enqueue(TestOperation("", .veryLow), isReady: true) }
        var veryLowStarts = 0
        for _ in 0..<170 {
            let taken3 = machine.takeOne()
            let operation = try #require(taken3)
            if operation.priority == .veryLow { veryLowStarts += 1 }
            _ = machine.enqueue(TestOperation("", operation.priority), isReady: true)
        }
        // 1:16 gives veryLow 10 of 170; rejoining at its old pass it would take all 100 it had.
        #expect((9...11).contains(veryLowStarts))
    }

    private func pow2(_ value: Double) -> Double { value * value }
}
