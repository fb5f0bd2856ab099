import QueueLabAdvanced
import QueueLabConformance
import QueueLabCore
import TestTiers
import Testing

/// Proof of power for the advanced checks: each mutant is the correct layer (over the correct test
/// queue) with one deliberate bug, and the check aimed at it must catch it on every seed.
@Suite("Advanced mutants are caught", .onBlockingThreads)
struct AdvancedMutantTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let faults: AdvancedFaults
        let name: String
        let check: String
        let expected: Set<Verdict>
        /// Text the outcome's summary must contain (the rule that caught it).
        let mentions: String
        let run: @Sendable (Check, ConformanceConfiguration) -> CheckOutcome

        init<F: AdvancedFlavor>(_ flavor: F.Type, _ check: String, _ expected: Set<Verdict> = [.fail], mentions: String)
        {
            faults = F.advancedFaults
            name = "\(F.self)"
            self.check = check
            self.expected = expected
            self.mentions = mentions
            run = { check, configuration in
                ConformanceSuite.run(check, on: TestQueue<F>.self, configuration: configuration)
            }
        }

        /// Short where the mutant must end STALE (the bound is what the test waits); generous
        /// where it must FAIL, so that a loaded machine cannot turn a caught bug into STALE.
        var timeBound: Duration { expected == [.stale] ? .seconds(2) : .seconds(8) }

        var testDescription: String { "\(name) -> \(check)" }
    }

    static let cases: [Case] = [
        Case(IgnoresExclusivity.self, "advanced.exclusivity", mentions: "[exclusivity]"),
        Case(RunsBodyAfterFailedCondition.self, "advanced.condition-fails", mentions: "[runs]"),
        Case(GroupFinishesBeforeChildren.self, "advanced.group", mentions: "[group]"),
        Case(FinishObserversTwice.self, "advanced.observers", mentions: "[observers]"),
        Case(FinishObserversNever.self, "advanced.observers", mentions: "[observers]"),
        Case(CancelFinishesRunning.self, "advanced.cancel-running", mentions: "right after cancel"),
        Case(
            EvaluatesConditionsSequentially.self, "advanced.conditions-concurrent",
            mentions: "not evaluated concurrently"),
        Case(AcquiresOneByOne.self, "advanced.stress", [.stale], mentions: "crossed"),
    ]

    @Test("each advanced mutant fails the check that targets it, on every seed", arguments: cases)
    func caught(_ mutant: Case) throws {
        let check = try #require(Check.named(mutant.check))
        for seed: UInt64 in 1...4 {
            let configuration = ConformanceConfiguration(
                level: .quick, seed: seed, checks: [check], timeBound: mutant.timeBound)
            let outcome = mutant.run(check, configuration)
            #expect(
                mutant.expected.contains(outcome.verdict),
                "seed \(seed): \(outcome.verdict) \(outcome.summary) \(outcome.evidence.flatMap(\.lines))")
            #expect(outcome.summary.contains(mutant.mentions), "seed \(seed): \(outcome.summary)")
        }
    }

    @Test("every fault of the layer has a mutant")
    func coverage() {
        let covered = Self.cases.reduce(AdvancedFaults()) { $0.union($1.faults) }
        let all: AdvancedFaults = [
            .ignoresExclusivity, .runsBodyAfterFailedCondition, .groupFinishesBeforeChildren, .finishObserversTwice,
            .finishObserversNever, .cancelFinishesRunning, .evaluatesConditionsSequentially, .acquiresOneByOne,
        ]
        #expect(covered == all)
    }
}
