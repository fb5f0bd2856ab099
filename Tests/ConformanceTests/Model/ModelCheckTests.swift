import ActorBasedQueue
import Foundation
import LockBasedQueue
import QueueLabConformance
import QueueLabCore
import QueueLabScheduling
import TestTiers
import Testing

/// The model-based checks: no false verdict on QueueLab's queues under every policy, the
/// contract's documentation lists every clause, and a failure comes back shrunk, as Swift.
@Suite("Model-based checks", .onBlockingThreads)
struct ModelCheckTests {
    static let policies: [any SchedulingPolicy] = [
        StrictPolicy(), FIFOPolicy(), AgingPolicy(), WeightedPolicy(), LIFOPolicy(), InheritPolicy(),
        CriticalPathPolicy(),
    ]

    /// Both queues without a policy and under each policy; under ThreadSanitizer, each policy on
    /// one queue (alternating), which still runs every policy's code under the sanitizer.
    static var recipes: [any QueueRecipe] {
        [QueueMaker(LockQueue.self), QueueMaker(ActorQueue.self)]
            + policies.enumerated().flatMap { index, policy in
                let both: [any QueueRecipe] = [LockQueue.recipe(policy: policy), ActorQueue.recipe(policy: policy)]
                return TestTier.runsUnderThreadSanitizer ? [both[index % 2]] : both
            }
    }

    static let modelChecks = Check.matching("model")

    @Test("QueueLab's queues pass both model checks under every policy", arguments: recipes)
    func noFalseVerdict(_ recipe: any QueueRecipe) {
        let report = ConformanceSuite.run(
            recipe,
            configuration: ConformanceConfiguration(
                level: .quick, seed: 2, checks: Self.modelChecks, timeBound: .seconds(20)))
        let passed = report.isSuccess  // not in #expect: it would print the whole report value
        #expect(passed, "\(report.text())")
        for outcome in report.outcomes {
            #expect(outcome.verdict == .pass, "\(outcome.checkID): \(outcome.summary)")
            #expect((outcome.clauseCoverage ?? [:]).values.reduce(0, +) > 0, "\(outcome.checkID) counted no clause")
        }
    }

    @Test("the model checks run unless a run selects others")
    func runByDefault() {
        #expect(Self.modelChecks.map(\.id) == ["model.contract", "model.policy"])
        #expect(Self.modelChecks.allSatisfy(Check.standard.contains))
        #expect(ConformanceConfiguration().checks.contains(Self.modelChecks[0]))
    }

    @Test("the contract's documentation lists every clause with its id")
    func documented() throws {
        let article = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/QueueLabCore/QueueLabCore.docc/TheContract.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        for clause in ContractClause.all {
            #expect(text.contains("| `\(clause.id)` | \(clause.sentence) |"), "\(clause.id) is not in TheContract.md")
        }
        #expect(Set(ContractClause.all.map(\.id)).count == ContractClause.all.count)
    }
}
