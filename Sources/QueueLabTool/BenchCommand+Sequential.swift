import Foundation
import QueueLabBenchmarks

/// `--until-detectable X% --budget T`: after the planned rounds, keep adding rounds to the cells whose
/// throughput comparison (base against head, paired by round) cannot yet detect X percent, until none
/// is left or the budget is spent. A fixed sample count is either wasted on quiet cells or too small
/// for noisy ones; this spends the time where the noise is, as ``RoundPlan`` allots it.
struct SequentialSampling {
    let limit: Double
    let budget: Duration
    /// Rounds added to an undecided cell per step.
    let step: Int
    let base: String
    let head: String

    /// Cells (record cell keys) whose headline row cannot detect `limit`, with their detectable effect.
    /// Judged on the figures `compare` judges by default, so that the Holm level (and so the
    /// detectable effect) is the one `compare --require-detectable` will find.
    func undecided(_ records: [String: [SampleRecord]]) -> [(cell: String, detectable: Double)] {
        let report = Comparison.compare(base: records[base] ?? [], head: records[head] ?? [])
        return report.undetectable(beyond: limit).map { ($0.cellKey, $0.detectable) }
    }

    /// Runs extra rounds of the undecided cells, a step of one cell at a time (base and head back to
    /// back in each round, as in the main run), journalling every sample through `onSample`. Plans
    /// again after every pass over the cells, from what each detects and what a pair of it cost.
    /// - Parameter secondsPerPair: the main run's wall time per round of one cell, the cost assumed
    ///   for a cell until one of its own steps was timed.
    /// - Returns: the new samples per variant, and failures.
    func extend(
        plan: BenchmarkPlan, records: [String: [SampleRecord]], secondsPerPair: Double,
        onSample: @escaping (SampleRecord) throws -> Void
    ) throws -> (records: [String: [SampleRecord]], failures: [String]) {
        var all = records
        var failures: [String] = []
        var measuredCost: [String: Double] = [:]
        var announced = false
        var announcedUnestimated = false
        let cells = plan.cells().cells
        // Counted from here, after the setup: a 1 s budget was once spent before the first round.
        let started = ContinuousClock.now
        func secondsLeft() -> Double { Self.seconds(budget - (ContinuousClock.now - started)) }
        func pairs(_ cell: String) -> Int { (all[head] ?? []).filter { $0.cellKey == cell }.count }
        while true {
            let open = undecided(all)
            guard !open.isEmpty else {
                print("until-detectable: every headline cell can detect \(FigureFormat.detectable(limit))")
                break
            }
            let needs = open.map {
                RowNeed(
                    cell: $0.cell, pairs: pairs($0.cell), detectable: $0.detectable,
                    secondsPerPair: measuredCost[$0.cell] ?? secondsPerPair)
            }
            let allotted = RoundPlan.allot(needs, limit: limit, seconds: secondsLeft(), step: step)
            // The plan is said once every row has an estimate: a row that detects nothing yet gets
            // a step first, and a plan without its need would promise what it cannot know.
            let unestimated = allotted.filter { $0.needed == nil }.count
            if !announced, unestimated == 0 {
                announce(needs: needs, allotted: allotted)
                announced = true
            } else if !announced, !announcedUnestimated {
                print(
                    "until-detectable: \(unestimated) headline row(s) detect nothing yet: a step of each, then a plan"
                )
                announcedUnestimated = true
            }
            guard secondsLeft() > 0, allotted.contains(where: { $0.extra > 0 }) else {
                let names = needs.map { "\($0.cell) (\(FigureFormat.detectable($0.detectable)))" }
                print(
                    "until-detectable: budget spent; still above \(FigureFormat.detectable(limit)): \(names.joined(separator: ", "))"
                )
                break
            }
            var progressed = false
            for allotment in allotted where allotment.extra > 0 {
                guard let chosen = cells.first(where: { $0.recordCellKey == allotment.cell }) else { continue }
                let done = pairs(allotment.cell)
                let rounds = min(step, allotment.extra)
                var extra = plan
                extra.implementations = plan.implementations.filter { $0.name == chosen.implementation }
                extra.policies = chosen.policy.isEmpty ? [] : [chosen.policy]
                extra.workloads = [chosen.workload]
                extra.capFoundation = false  // the workload is already sized
                extra.samples = done + rounds
                let resumed = plan.variants.flatMap { all[$0.name] ?? [] }.filter { $0.cellKey == allotment.cell }
                let detectable = needs.first { $0.cell == allotment.cell }?.detectable ?? .infinity
                print(
                    "until-detectable: \(allotment.cell) detects \(FigureFormat.detectable(detectable)); rounds \(done + 1) to \(done + rounds)"
                )
                let stepStarted = ContinuousClock.now
                let result = try BenchmarkRunner(
                    plan: extra, metadata: RunMetadata.current(), resuming: resumed, onSample: onSample
                ).run()
                measuredCost[allotment.cell] = Self.seconds(ContinuousClock.now - stepStarted) / Double(rounds)
                for (variant, samples) in result.records { all[variant, default: []] += samples }
                failures += result.failures
                progressed = progressed || !result.records.isEmpty
                if secondsLeft() <= 0 { break }
            }
            // A cell whose samples all fail would be retried forever: stop, the failures are reported.
            guard progressed, failures.isEmpty else { break }
        }
        return (all, failures)
    }

    /// What the extra rounds are expected to buy, said before they start (a CI log shows at once
    /// whether the budget can be enough); the plan is made again after every pass.
    private func announce(needs: [RowNeed], allotted: [RowAllotment]) {
        let floor = FigureFormat.detectable(limit)
        print(
            "until-detectable: \(needs.count) headline row(s) cannot detect \(floor) yet; plan for the "
                + "\(ProgressLine.duration(Self.seconds(budget))) budget (made again after every step):")
        for allotment in allotted {
            guard let need = needs.first(where: { $0.cell == allotment.cell }) else { continue }
            let now = "detects \(FigureFormat.detectable(need.detectable)) with \(need.pairs) pairs"
            guard let needed = allotment.needed else {
                print("  \(allotment.cell): \(now); \(allotment.extra) more pairs to estimate what it needs")
                continue
            }
            print(
                "  \(allotment.cell): \(now); needs about \(needed) more (\(ProgressLine.duration(Double(needed) * need.secondsPerPair))); "
                    + "given \(allotment.extra), expected to detect \(FigureFormat.detectable(allotment.expected)) or less"
            )
        }
        let short = allotted.filter { ($0.needed ?? 0) > $0.extra }
        let total = allotted.reduce(0.0) { $0 + $1.seconds }
        if short.isEmpty {
            print("until-detectable: expected: every row sees \(floor) within about \(ProgressLine.duration(total))")
        } else {
            let names = short.map { "\($0.cell) (\(FigureFormat.detectable($0.expected)))" }
            print(
                "until-detectable: expected still above \(floor) when the budget ends: \(names.joined(separator: ", "))"
            )
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        let (whole, attoseconds) = duration.components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
