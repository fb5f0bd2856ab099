import Foundation
import QueueLabConformance
import QueueLabCore
import TestTiers
import Testing

/// The bugs that hide at `quick`: a barrier that waits only for what was executing, a FIFO that
/// breaks past a size, a body run twice in 1 of 1,000 cancel races. Each must be caught at level
/// `default` on every seed it runs: 10 for the ordering mutants that break early, 3 for the FIFO
/// that breaks past 4,096 operations (its check queues more than that: a minute and a half a seed
/// on the debug test queue, where the others take under a second) and 1 for the cancel race, whose
/// check races until about 3,000 cancels landed (about 50 CPU-seconds); CI's long tier is bound by
/// CPU and by this suite's tail. `QUEUELAB_MUTANT_SEEDS` sets one count for all, as a campaign does
/// (20 seeds: `results/trust/`). Under ThreadSanitizer, 3 seeds each.
@Suite("Mutants caught at level default", .longTier("default-level mutants over 1 to 10 seeds"), .onBlockingThreads)
struct DefaultLevelMutantTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let check: String
        /// The generous bound of a passing run, so that a loaded machine does not turn a catch
        /// into STALE (or, for the race, into too few races).
        let timeBound: Duration
        /// How many seeds CI runs when `QUEUELAB_MUTANT_SEEDS` does not say.
        let standardSeeds: Int
        let run: @Sendable (Check, ConformanceConfiguration) -> CheckOutcome

        init<F: QueueFlavor>(
            _ flavor: F.Type, _ check: String, timeBound: Duration = passingBound, standardSeeds: Int = 10
        ) {
            name = "\(F.self)"
            self.check = check
            self.timeBound = timeBound
            self.standardSeeds = standardSeeds
            run = { check, configuration in
                ConformanceSuite.run(check, on: TestQueue<F>.self, configuration: configuration)
            }
        }

        var seeds: ClosedRange<UInt64> {
            TestTier.runsUnderThreadSanitizer ? 1...3 : TestTier.mutantSeeds(standard: standardSeeds)
        }

        var testDescription: String { "\(name) -> \(check)" }
    }

    static let cases: [Case] = [
        Case(BarrierWaitsOnlyForExecuting.self, "barrier.order"),
        Case(FIFOBreaksPast64.self, "priority.fifo"),
        Case(FIFOBreaksPast256.self, "priority.fifo"),
        Case(FIFOBreaksPast4096.self, "priority.fifo", standardSeeds: 3),
        Case(FIFOBreaksPast64.self, "priority.order"),
        // The generous bound: on a machine at load 250 the debug test queue saw too few races in
        // the level's own 8 s (a run is then UNDERPOWERED and runs again). The mutant duplicates
        // every 1,000th racing cancel, and the check races until about 3,000 landed: every seed.
        Case(RunsBodyTwiceOneIn1000.self, "once.cancel-race", standardSeeds: 1),
    ]

    /// Each mutant with each of its seeds.
    static let casesAndSeeds: [(Case, UInt64)] = cases.flatMap { mutant in mutant.seeds.map { (mutant, $0) } }

    /// A test case per mutant and seed, not a loop over seeds: the cases run side by side.
    @Test("caught at default on every seed within the level's count", arguments: casesAndSeeds)
    func caught(_ mutant: Case, seed: UInt64) throws {
        let check = try #require(Check.named(mutant.check))
        let configuration = ConformanceConfiguration(
            level: .default, seed: seed, checks: [check], timeBound: mutant.timeBound)
        let outcome = Self.runUntilTheLevelsRaces(mutant, check, configuration)
        #expect(outcome.verdict == .fail, "seed \(seed): \(outcome.verdict) \(outcome.summary)")
    }

    /// Longest a seed may take to reach the level's floor: a quiet machine catches the mutant in
    /// about a second.
    static let racesWallBound: Duration = .seconds(600)

    /// Runs `check`; while it comes out UNDERPOWERED (a loaded machine landed too few races in the
    /// bound), runs the same seed again: the mutant must be caught within the floor the level
    /// promises, however slowly the races land. Past ``racesWallBound`` the outcome says so.
    static func runUntilTheLevelsRaces(_ mutant: Case, _ check: Check, _ configuration: ConformanceConfiguration)
        -> CheckOutcome
    {
        var outcome = mutant.run(check, configuration)
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: racesWallBound)
        var runs = 1
        while outcome.verdict == .underpowered, clock.now < deadline {
            outcome = mutant.run(check, configuration)
            runs += 1
        }
        if outcome.verdict == .underpowered { outcome.summary += " (still underpowered after \(runs) runs)" }
        return outcome
    }

    /// The cancel race on the first seed only, for the CPU it costs (above); the deadlocking variant
    /// passes it at `default` too (ManySeedsTests).
    @Test("the correct test queue passes the changed checks at default", arguments: 1...3)
    func correctPasses(_ seed: Int) {
        let ordering = ["barrier.order", "priority.fifo", "priority.order"]
        let checks = (seed == 1 ? ordering + ["once.cancel-race"] : ordering).compactMap(Check.named)
        let report = ConformanceSuite.run(
            TestQueue<Correct>.self,
            configuration: ConformanceConfiguration(
                level: .default, seed: UInt64(seed), checks: checks, timeBound: passingBound))
        let passed = report.isSuccess
        #expect(passed, "\(report.text())")
    }
}
