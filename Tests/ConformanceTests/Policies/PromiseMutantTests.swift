import ActorBasedQueue
import Foundation
import LockBasedQueue
import QueueLabConformance
import QueueLabCore
import QueueLabScheduling
import TestTiers
import Testing

/// Proof of power for the checks of each promise alone (issue 26): every mutant declares exactly
/// the promises of a built-in and breaks one, only past a size, in a state, or rarely; the check
/// of that promise must FAIL it at `default` on both queues. The fast tier runs seed 1; the long
/// tier (`QUEUELAB_LONG_TESTS=1`) seeds 1 to 5.
@Suite("Promise mutants are caught at default", .onBlockingThreads)
struct PromiseMutantTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let check: String
        let policy: any SchedulingPolicy
        /// Text the summary must contain: the promise, or the policy a fault names.
        let mentions: String

        var testDescription: String { "\(policy.name) -> \(check)" }

        var recipes: [any QueueRecipe] { [LockQueue.recipe(policy: policy), ActorQueue.recipe(policy: policy)] }
    }

    static let cases: [Case] = [
        Case(check: "order.strict-priority", policy: StrictInvertsPast300(), mentions: "strict priority broken"),
        Case(
            check: "order.fifo-within-level", policy: FIFOReleasedJumpsAhead(), mentions: "FIFO within a level broken"),
        Case(check: "order.ready-order", policy: FIFOReleasedJumpsAhead(), mentions: "ready order broken"),
        Case(check: "order.lifo-within-level", policy: LIFOChangeToBottom(), mentions: "LIFO within a level broken"),
        Case(check: "order.weighted-shares", policy: WeightedStarvesVeryLowWhenAllBusy(), mentions: "veryLow"),
        Case(check: "priority.no-starvation", policy: AgingStopsAfterTwoSteps(), mentions: "waited"),
        Case(check: "order.inheritance", policy: InheritOnlyAtListing(), mentions: "inheritance broken"),
        Case(check: "order.inheritance", policy: StrictCalledInherit(), mentions: "inheritance broken"),
        Case(check: "order.inheritance", policy: InheritNeverFallsBack(), mentions: "inheritance broken"),
        Case(check: "order.longest-chain", policy: ChainRankStopsAtFour(), mentions: "longest chain first broken"),
        Case(
            check: "order.strict-priority", policy: ReturnsStaleRarely(),
            mentions: "policy returns-stale-rarely: stale entry"),
        Case(check: "order.strict-priority", policy: LosesOneEntry(), mentions: "policy loses-one-entry: lost entry"),
        Case(check: "order.strict-priority", policy: ReturnsOneTwice(), mentions: "policy returns-one-twice"),
        Case(check: "order.strict-priority", policy: ReturnsNeverPushed(), mentions: "policy returns-never-pushed"),
    ]

    static func expectCaught(_ mutant: Case, seeds: ClosedRange<UInt64>) throws {
        let check = try #require(Check.named(mutant.check))
        for recipe in mutant.recipes {
            for seed in seeds {
                let configuration = ConformanceConfiguration(
                    level: .default, seed: seed, checks: [check], timeBound: passingBound)
                let outcome = ConformanceSuite.run(check, on: recipe, configuration: configuration)
                #expect(outcome.verdict == .fail, "\(recipe.label) seed \(seed): \(outcome.verdict) \(outcome.summary)")
                #expect(outcome.summary.contains(mutant.mentions), "\(recipe.label) seed \(seed): \(outcome.summary)")
            }
        }
    }

    @Test("caught at default on seed 1, lock and actor", arguments: cases)
    func caught(_ mutant: Case) throws { try Self.expectCaught(mutant, seeds: 1...1) }

    static let newChecks = [
        "order.strict-priority", "order.fifo-within-level", "order.lifo-within-level", "order.ready-order",
        "order.weighted-shares", "order.inheritance", "order.longest-chain", "priority.no-starvation",
        "priority.weighted-share",
    ]

    static func expectBuiltInsPass(seeds: ClosedRange<UInt64>) {
        let checks = newChecks.compactMap(Check.named)
        #expect(checks.count == newChecks.count)
        for specification in SchedulingPolicies.names {
            guard let policy = try? SchedulingPolicies.parse(specification) else { continue }
            let recipes: [any QueueRecipe] = [LockQueue.recipe(policy: policy), ActorQueue.recipe(policy: policy)]
            for seed in seeds {
                let report = ConformanceSuite.run(
                    recipes,
                    configuration: ConformanceConfiguration(
                        level: .default, seed: seed, checks: checks, timeBound: passingBound))
                let passed = report.isSuccess  // not in #expect: it would print the whole report value
                #expect(passed, "\(specification) seed \(seed): \(report.text())")
            }
        }
    }

    @Test("every built-in policy passes the promise checks at default, lock and actor, seed 1")
    func builtInsPass() { Self.expectBuiltInsPass(seeds: 1...1) }
}
