import Foundation
import QueueLabConformance
import QueueLabCore
import TestTiers
import Testing

/// The scenario checks' own mutants (each written for one scenario check, `MutantTests` and the
/// long tier's mutant suites) run against the model checks alone: a scenario check whose every
/// mutant the model catches is a candidate to retire, one whose mutant the model misses sees
/// something the model cannot.
///
/// A campaign, not a CI test (at `default` it costs about as much as the rest of the long tier):
/// it runs when `QUEUELAB_SCENARIO_MUTANT_TABLE` names a file each case appends its line to
/// (mutant, the scenario check it was written for, seeds caught, the clauses the model named, the
/// first failure with its program), over `QUEUELAB_MUTANT_SEEDS` (3 by default), for the cases
/// `QUEUELAB_SCENARIO_MUTANTS` names (all by default). The correct test queue runs beside them
/// and must pass every seed: a verdict on it is a false one, of the model or of the test queue.
@Suite("Scenario mutants under the model", .onBlockingThreads)
struct ScenarioMutantsUnderTheModelLongTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let check: String
        let run: @Sendable (ConformanceConfiguration) -> ConformanceReport

        init<F: QueueFlavor>(_ flavor: F.Type, _ check: String) {
            name = "\(F.self)"
            self.check = check
            run = { configuration in ConformanceSuite.run(TestQueue<F>.self, configuration: configuration) }
        }

        var testDescription: String { "\(name) (written for \(check))" }
    }

    static var tablePath: String? { ProcessInfo.processInfo.environment["QUEUELAB_SCENARIO_MUTANT_TABLE"] }

    /// The cases `QUEUELAB_SCENARIO_MUTANTS` names (separated by commas), or all.
    static var chosen: [Case] {
        guard let names = ProcessInfo.processInfo.environment["QUEUELAB_SCENARIO_MUTANTS"] else { return cases }
        let wanted = Set(names.split(separator: ",").map(String.init))
        return cases.filter { wanted.contains($0.name) }
    }

    /// Every scenario mutant, with the check it was written for.
    static let cases: [Case] = [
        // The control: the correct test queue, which the model must pass.
        Case(Correct.self, "none"),
        Case(IgnoresPriority.self, "priority.order"),
        Case(BrokenFIFO.self, "priority.fifo"),
        Case(StartsEarly.self, "deps.chain"),
        Case(RunsCancelled.self, "cancel.before-start"),
        Case(NeverFinishesCancelled.self, "cancel.before-start"),
        Case(RunsBodyTwice.self, "once.body"),
        Case(ExceedsWidth.self, "width.limit"),
        Case(SerialAtDefaultWidth.self, "width.blocking-body"),
        Case(ShowsExecutingAndFinished.self, "state.exclusivity"),
        Case(HangsOnCycle.self, "cycle.two"),
        Case(DropsCompletion.self, "once.completion"),
        Case(BarrierDoesNotWait.self, "barrier.order"),
        Case(BarrierWaitsOnlyForExecuting.self, "barrier.order"),
        Case(FIFOBreaksPast64.self, "priority.fifo"),
        Case(FIFOBreaksPast256.self, "priority.fifo"),
        Case(FIFOBreaksPast4096.self, "priority.fifo"),
        Case(RunsBodyTwiceOneIn1000.self, "once.cancel-race"),
        Case(ResumeForgetsIdleQueue.self, "liveness.wakeups"),
        Case(BoundedWaitSkipsExecutingAsync.self, "wait.unfinished"),
        Case(LosesCrossQueueWakeup.self, "liveness.wakeups"),
        Case(ListsEdgedMembersLast.self, "batch.fifo"),
        Case(KeepsQueueAlive.self, "lifetime.idle"),
        Case(FreedUnderWork.self, "lifetime.pending"),
        Case(AdmitsOneByOne.self, "batch.atomic"),
    ]

    @Test(
        "which scenario mutants the model catches",
        // The campaign's condition first: CI's tier check requires what the fast tier skipped
        // for the long tier to pass there, and this runs in neither.
        .enabled(if: tablePath != nil, "a campaign: set QUEUELAB_SCENARIO_MUTANT_TABLE"),
        .longTier("model checks against the scenario mutants"),
        arguments: chosen)
    func underTheModel(_ mutant: Case) throws {
        let seeds = TestTier.mutantSeeds(standard: 3)
        var caught: [UInt64] = []
        var clauses: Set<String> = []
        var first = ""
        for seed in seeds {
            let report = mutant.run(
                ConformanceConfiguration(
                    level: .default, seed: seed, checks: Check.matching("model"), timeBound: .seconds(4)))
            if let failure = report.outcomes.first(where: { $0.verdict == .fail || $0.verdict == .stale }) {
                caught.append(seed)
                if first.isEmpty {
                    first =
                        "seed \(seed): \(failure.checkID) \(failure.summary) | "
                        + failure.evidence.flatMap(\.lines).joined(separator: " | ").replacingOccurrences(
                            of: "\n", with: " / ")
                }
                if let clause = CampaignTable.clause(of: failure) { clauses.insert(clause) }
            }
        }
        if mutant.check == "none" { #expect(caught.isEmpty, "the correct test queue failed: \(first)") }
        guard let path = Self.tablePath else { return }
        let line =
            "\(mutant.name)\t\(mutant.check)\t\(caught.count)/\(seeds.count)\t\(clauses.sorted().joined(separator: ","))\t\(first)\n"
        try CampaignTable.append(line, to: path)
    }
}
