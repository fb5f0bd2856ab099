import ActorBasedQueue
import LockBasedQueue
import QueueLabConformance
import QueueLabCore
import QueueLabScheduling
import TestTiers
import Testing

/// The built-in policies against the suite: each passes the checks it promises, the others are
/// UNSUPPORTED with the reason, and every check of correctness passes under every policy.
@Suite("Policies and the checks they promise", .onBlockingThreads)
struct PolicyPromiseTests {
    static let policies: [any SchedulingPolicy] = [
        StrictPolicy(), FIFOPolicy(), AgingPolicy(), WeightedPolicy(), LIFOPolicy(), InheritPolicy(),
    ]

    /// Every policy on both queues; under ThreadSanitizer, each policy on one queue (alternating),
    /// which still runs every policy's code under the sanitizer at half the cost: twelve whole-suite
    /// runs there starved the rest of the suite's time limits.
    static var recipes: [any QueueRecipe] {
        policies.enumerated().flatMap { index, policy in
            let both: [any QueueRecipe] = [LockQueue.recipe(policy: policy), ActorQueue.recipe(policy: policy)]
            return TestTier.runsUnderThreadSanitizer ? [both[index % 2]] : both
        }
    }

    @Test("the whole suite passes every check a policy promises, and every check of correctness", arguments: recipes)
    func wholeSuite(_ recipe: any QueueRecipe) {
        let report = ConformanceSuite.run(
            recipe, configuration: ConformanceConfiguration(level: .quick, seed: 3, timeBound: .seconds(20)))
        let passed = report.isSuccess  // not in #expect: it would print the whole report value
        #expect(passed, "\(report.text())")
        #expect(report.implementations == [recipe.label])
        for outcome in report.outcomes where outcome.verdict == .unsupported {
            // The queues have every capability: only a promise the policy does not make is missing.
            #expect(outcome.summary.hasPrefix("policy \(recipe.policy?.description ?? "")"), "\(outcome.summary)")
            #expect(
                outcome.checkID.hasPrefix("priority.") || outcome.checkID.hasPrefix("order."),
                "\(outcome.checkID): \(outcome.summary)")
        }
        // Every promised check ran and found nothing wrong. A race check that lands too few races
        // in its budget says UNDERPOWERED instead of PASS: the honest answer on an overloaded
        // machine (beside 8 busy loops, scripts/loaded-tests), not a policy's fault; reaching the
        // floor is what the race-power suites assert.
        let promised = Check.standard.filter { $0.promiseRequirement.isMet(by: recipe.promises) }
        #expect(report.count(.pass) + report.count(.underpowered) == promised.count, "\(report.text())")
    }

    @Test("which checks each built-in policy gets")
    func promisedChecks() {
        func unsupported(_ policy: some SchedulingPolicy) -> [String] {
            let recipe = LockQueue.recipe(policy: policy)
            return Check.standard.filter { !$0.promiseRequirement.isMet(by: recipe.promises) }.map(\.id)
        }
        let inheritance = ["priority.inheritance", "order.inheritance"]
        let strict = "order.strict-priority"
        let (fifo, lifo, ready) = ("order.fifo-within-level", "order.lifo-within-level", "order.ready-order")
        let (shares, chain) = ("order.weighted-shares", "order.longest-chain")
        func sorted(_ ids: [String]) -> [String] { Check.standard.map(\.id).filter(ids.contains) }
        #expect(
            unsupported(StrictPolicy())
                == sorted(
                    ["priority.no-starvation", "priority.weighted-share", lifo, ready, shares, chain] + inheritance))
        #expect(
            unsupported(FIFOPolicy())
                == sorted(
                    [
                        "priority.order", "priority.change", "priority.no-starvation", "priority.weighted-share",
                        strict,
                        lifo, shares, chain,
                    ] + inheritance))
        #expect(
            unsupported(AgingPolicy())
                == sorted(
                    [
                        "priority.order", "priority.change", "priority.weighted-share", strict, lifo, ready, shares,
                        chain,
                    ]
                        + inheritance))
        #expect(
            unsupported(WeightedPolicy())
                == sorted(
                    ["priority.order", "priority.change", "priority.no-starvation", strict, lifo, ready, chain]
                        + inheritance))
        #expect(
            unsupported(LIFOPolicy())
                == sorted(
                    ["priority.no-starvation", "priority.weighted-share", fifo, ready, shares, chain] + inheritance))
        #expect(
            unsupported(InheritPolicy())
                == sorted(["priority.no-starvation", "priority.weighted-share", lifo, ready, shares, chain]))
        #expect(
            unsupported(CriticalPathPolicy())
                == sorted(
                    [
                        "priority.order", "priority.fifo", "priority.change", "priority.no-starvation",
                        "priority.weighted-share", fifo, lifo, ready, shares, "batch.fifo",
                    ] + inheritance))
    }

    @Test("an ordering the policy does not promise is UNSUPPORTED with the reason")
    func unsupportedReason() throws {
        let order = try #require(Check.named("priority.order"))
        let fifo = ConformanceSuite.run(order, on: LockQueue.recipe(policy: FIFOPolicy()))
        #expect(fifo.verdict == .unsupported)
        #expect(fifo.summary.hasPrefix("policy fifo does not promise strict-priority"), "\(fifo.summary)")
        let share = try #require(Check.named("priority.weighted-share"))
        let plain = ConformanceSuite.run(share, on: LockQueue.self)
        #expect(plain.verdict == .unsupported)
        #expect(plain.summary.contains("lock keeps its own order"), "\(plain.summary)")
        #expect(plain.summary.hasSuffix("does not promise weighted-shares"), "\(plain.summary)")
    }

    @Test("LIFO within a level is checked as promised: newest first")
    func lifoWithinLevel() throws {
        for id in ["priority.fifo", "priority.order", "priority.change"] {
            let check = try #require(Check.named(id))
            let outcome = ConformanceSuite.run(check, on: LockQueue.recipe(policy: LIFOPolicy()))
            #expect(outcome.verdict == .pass, "\(id): \(outcome.summary)")
            #expect(outcome.summary.contains("newest first"), "\(id): \(outcome.summary)")
        }
    }

    @Test("weights given as parameters are the ones checked")
    func otherWeights() throws {
        let check = try #require(Check.named("priority.weighted-share"))
        let policy = try WeightedPolicy(weights: [5, 1, 3, 1, 10])
        for recipe in [LockQueue.recipe(policy: policy), ActorQueue.recipe(policy: policy)] as [any QueueRecipe] {
            let outcome = ConformanceSuite.run(check, on: recipe)
            #expect(outcome.verdict == .pass, "\(outcome.summary) \(outcome.evidence.flatMap(\.lines))")
            #expect(outcome.summary.contains("5:1:3:1:10"))
        }
    }

    @Test("the label and the replay command name the policy")
    func labelAndReplay() throws {
        let check = try #require(Check.named("priority.no-starvation"))
        let outcome = ConformanceSuite.run(check, on: LockQueue.recipe(policy: AgingPolicy(step: .milliseconds(2))))
        #expect(outcome.verdict == .pass, "\(outcome.summary)")
        #expect(outcome.implementation == "lock[aging(step=2ms)]")
        #expect(outcome.policy == "aging:step=2ms")
        #expect(
            outcome.replayCommand()
                == "queuelab conform --impl lock --policy aging:step=2ms --check priority.no-starvation --seed 1 --level quick"
        )
        let plain = ConformanceSuite.run(check, on: LockQueue.self)
        #expect(plain.implementation == "lock")
        #expect(plain.policy == nil)
        #expect(!plain.replayCommand().contains("--policy"))
    }
}
