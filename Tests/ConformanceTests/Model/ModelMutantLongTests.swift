import Foundation
import QueueLabConformance
import QueueLabCore
import TestTiers
import Testing

/// The mutants written from the contract (`ModelMutants`) against the model checks, at `quick`,
/// seeds 1 to 3 in CI: each gated mutant must be caught on at least one seed, shrunk and printed
/// as Swift. Gated are those every seed caught in two measured runs; the others are caught on some
/// seeds only, or none (`results/trust/model-based.md`), and a campaign measures them all.
///
/// A campaign (`scripts/model-mutants`) sets `QUEUELAB_MODEL_MUTANTS` (`all`, `ungated`, or names
/// separated by commas),
/// `QUEUELAB_MODEL_MUTANT_LEVEL` (`default`), `QUEUELAB_MUTANT_SEEDS` (20) and
/// `QUEUELAB_MODEL_MUTANT_TABLE` (a file each case appends its line to: name, clause, seeds run,
/// seeds caught, seeds missed, shrunk lengths, the same without the calls that make operations,
/// clauses named, seconds); then a mutant caught on no seed fails.
/// `QUEUELAB_MODEL_MUTANT_SHRINK` (seconds) overrides the level's shrinking budget: 0 counts catches
/// without shrinking them, and the table's shrunk lengths are then the failing programs' own.
@Suite("Model mutants", .onBlockingThreads)
struct ModelMutantLongTests {
    /// Caught on every seed of 1 to 3 at `quick`, in three runs (the last after the generator's
    /// share, released-run and inheritance plans were added).
    static let gated: Set<String> = [
        "acceptsLongCycles",
        "addWakesOnlyEmptyQueue",
        "aging-newest-first-within-step",
        "barrierFinishForgetsWake",
        "barrierLetsHigherPriorityPass",
        "cancelledDependencyCountsAtCancel",
        "completionTwiceWhenCancelledPending",
        "crossQueueDependencyCountsWhenReady",
        "fifo-sends-changed-to-back",
        "ignoresPriorityChangeOfReady",
        "keepsRemovedCrossQueueEdge",
        "operationsOmitCancelled",
        "reportsPendingForFinishedEdges",
        "runsBodyTwiceAfterRelist",
        "runsCancelledWhileWaitingForSlot",
        "syncFinishWaitsForResume",
        "widthRaiseIgnoredWhileBusy",
    ]

    static var all: [ModelMutant] {
        let mutants = ModelMutants.queue + ModelMutants.policy
        switch ProcessInfo.processInfo.environment["QUEUELAB_MODEL_MUTANTS"] {
        case "all": return mutants
        case "ungated": return mutants.filter { !gated.contains($0.name) }
        case let names?:
            let chosen = Set(names.split(separator: ",").map(String.init))
            return mutants.filter { chosen.contains($0.name) }
        case nil: return mutants.filter { gated.contains($0.name) }
        }
    }

    static var level: ConformanceLevel {
        let name = ProcessInfo.processInfo.environment["QUEUELAB_MODEL_MUTANT_LEVEL"] ?? "quick"
        guard let level = ConformanceLevel(rawValue: name) else {
            preconditionFailure("QUEUELAB_MODEL_MUTANT_LEVEL=\(name): expected quick, default or stress")
        }
        return level
    }

    static var shrinkBudget: Duration? {
        guard let text = ProcessInfo.processInfo.environment["QUEUELAB_MODEL_MUTANT_SHRINK"] else { return nil }
        guard let seconds = Int(text), seconds >= 0 else {
            preconditionFailure("QUEUELAB_MODEL_MUTANT_SHRINK=\(text): expected whole seconds, 0 or more")
        }
        return .seconds(seconds)
    }

    /// The first FAIL of either model check on `seed`, or nil and the outcomes other than PASS the
    /// checks gave instead: a miss that went STALE under load is the load's, one that passed is
    /// the generator's.
    static func failure(_ mutant: ModelMutant, seed: UInt64) -> (failure: CheckOutcome?, others: [CheckOutcome]) {
        var configuration = ConformanceConfiguration(
            level: level, seed: seed, checks: Check.matching("model"), timeBound: .seconds(4))
        configuration.shrinkBudget = shrinkBudget
        let report = ConformanceSuite.run(mutant.recipe, configuration: configuration)
        return (report.outcomes.first { $0.verdict == .fail }, report.outcomes.filter { $0.verdict != .pass })
    }

    @Test(
        "each mutant is caught, shrunk and printed as Swift", .longTier("model checks against the gated mutants"),
        arguments: all)
    func caught(_ mutant: ModelMutant) throws {
        let seeds = TestTier.mutantSeeds(standard: 3)
        let start = MonotonicClock.now()
        // A campaign's table counts every seed; CI stops at the first that catches it.
        let counting = ProcessInfo.processInfo.environment["QUEUELAB_MODEL_MUTANT_TABLE"] != nil
        var caught: [CheckOutcome] = []
        // A missed seed, with the verdicts other than PASS it got: "7", "7 STALE".
        var missed: [String] = []
        for seed in seeds {
            let (failure, others) = Self.failure(mutant, seed: seed)
            if let failure {
                caught.append(failure)
            } else {
                missed.append(([String(seed)] + others.map(\.verdict.rawValue)).joined(separator: " "))
                // What a missed seed saw instead (a STALE names what was stuck), for the log.
                for outcome in others { print("\(mutant.name) seed \(seed): \(outcome.summary)") }
            }
            if !counting && !caught.isEmpty { break }
        }
        try record(
            mutant, caught: caught, missed: missed, of: seeds, seconds: Double(MonotonicClock.now() - start) / 1e9)
        #expect(!caught.isEmpty, "\(mutant.name), which breaks \(mutant.clause), passed seeds \(seeds)")
        for failure in caught {
            let programs = failure.evidence.compactMap {
                if case .program(_, _, _, _, let swift) = $0 { swift } else { nil }
            }
            #expect(programs.contains { !$0.isEmpty }, "\(failure.evidence.flatMap(\.lines))")
            #expect(failure.summary.contains("shrunk from"), "\(failure.summary)")
        }
    }

    /// Appends the mutant's line to the campaign's table, when one is asked for.
    private func record(
        _ mutant: ModelMutant, caught: [CheckOutcome], missed: [String], of seeds: ClosedRange<UInt64>, seconds: Double
    ) throws {
        guard let path = ProcessInfo.processInfo.environment["QUEUELAB_MODEL_MUTANT_TABLE"] else { return }
        // "to N calls, M of them making operations": N, and N - M (the calls beside the makes).
        let shrunk = caught.compactMap { outcome -> (calls: Int, makes: Int)? in
            guard let match = outcome.summary.firstMatch(of: /to (\d+) calls, (\d+) of them making/),
                let calls = Int(match.1), let makes = Int(match.2)
            else { return nil }
            return (calls, makes)
        }
        let lengths = shrunk.map { String($0.calls) }
        let beside = shrunk.map { String($0.calls - $0.makes) }
        let clauses = Set(caught.compactMap(CampaignTable.clause(of:)))
        let line =
            "\(mutant.name)\t\(mutant.clause)\t\(seeds.lowerBound)-\(seeds.upperBound)\t\(caught.count)/\(seeds.count)\t"
            + "\(missed.joined(separator: ","))\t\(lengths.joined(separator: ","))\t"
            + "\(beside.joined(separator: ","))\t"
            + "\(clauses.sorted().joined(separator: ","))\t\(String(format: "%.1f", seconds))\n"
        try CampaignTable.append(line, to: path)
    }
}
