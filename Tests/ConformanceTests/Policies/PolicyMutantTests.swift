import LockBasedQueue
import QueueLabConformance
import QueueLabCore
import QueueLabScheduling
import TestTiers
import Testing

/// Proof of power for the policy checks: each broken policy (``BrokenPolicies``) declares a
/// promise it does not keep, plugged into `LockQueue` through its public recipe, and the check of
/// that promise must FAIL it on every seed.
@Suite("Policy mutants are caught", .onBlockingThreads)
struct PolicyMutantTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let check: String
        let recipe: any QueueRecipe
        /// Text the summary must contain: what the check saw.
        let mentions: String

        var testDescription: String { "\(recipe.label) -> \(check)" }
    }

    static let cases: [Case] = [
        Case(check: "priority.no-starvation", recipe: LockQueue.recipe(policy: NeverAges()), mentions: "waited"),
        Case(
            check: "priority.weighted-share", recipe: LockQueue.recipe(policy: StrictCalledWeighted()),
            mentions: "off the weights"),
        Case(check: "priority.fifo", recipe: LockQueue.recipe(policy: LIFOCalledFIFO()), mentions: "order"),
        Case(check: "priority.deps-win", recipe: LockQueue.recipe(policy: LIFOCalledFIFO()), mentions: "order"),
        Case(check: "batch.atomic", recipe: LockQueue.recipe(policy: LIFOCalledFIFO()), mentions: "ready order"),
        Case(check: "priority.fifo", recipe: LockQueue.recipe(policy: FIFOCalledLIFO()), mentions: "order"),
        Case(check: "priority.order", recipe: LockQueue.recipe(policy: FIFOCalledLIFO()), mentions: "order"),
        Case(
            check: "priority.inheritance", recipe: LockQueue.recipe(policy: StrictCalledInherit()),
            mentions: "not first"),
        Case(
            check: "priority.inheritance", recipe: LockQueue.recipe(policy: InheritNeverFallsBack()),
            mentions: "still ran before the normal backlog"),
    ]

    @Test("a policy that breaks its promise fails the check of that promise, on every seed", arguments: cases)
    func caught(_ mutant: Case) throws {
        let check = try #require(Check.named(mutant.check))
        for seed: UInt64 in 1...3 {
            let configuration = ConformanceConfiguration(
                level: .quick, seed: seed, checks: [check], timeBound: .seconds(8))
            let outcome = ConformanceSuite.run(check, on: mutant.recipe, configuration: configuration)
            #expect(outcome.verdict == .fail, "seed \(seed): \(outcome.verdict) \(outcome.summary)")
            #expect(outcome.summary.contains(mutant.mentions), "seed \(seed): \(outcome.summary)")
            #expect(outcome.implementation == mutant.recipe.label)
            #expect(
                outcome.replayCommand().contains("--impl lock --policy \(mutant.recipe.policy?.specification ?? "")"))
        }
    }

    @Test("the starvation check names the longest wait and the bound it broke")
    func starvationEvidence() throws {
        let check = try #require(Check.named("priority.no-starvation"))
        let outcome = ConformanceSuite.run(
            check, on: LockQueue.recipe(policy: NeverAges()),
            configuration: ConformanceConfiguration(level: .quick, checks: [check], timeBound: .seconds(8)))
        #expect(outcome.verdict == .fail)
        #expect(outcome.summary.contains("the policy's bound is"), "\(outcome.summary)")
        let lines = outcome.evidence.flatMap(\.lines)
        #expect(lines.contains { $0.contains("allowed") && $0.contains("longest turn") })
        #expect(lines.contains { $0.hasPrefix("the stream stopped") })
    }

    @Test("the share check lists expected and measured shares per level")
    func shareEvidence() throws {
        let check = try #require(Check.named("priority.weighted-share"))
        let outcome = ConformanceSuite.run(
            check, on: LockQueue.recipe(policy: StrictCalledWeighted()),
            configuration: ConformanceConfiguration(level: .quick, checks: [check], timeBound: .seconds(8)))
        #expect(outcome.verdict == .fail)
        #expect(outcome.evidence.count == 5)
        // Strict priority gives every start of the window to veryHigh.
        #expect(
            outcome.evidence.last == .note(text: "veryHigh: weight 16, expected 51.6 %, measured 100.0 %"),
            "\(outcome.evidence.flatMap(\.lines))")
    }
}
