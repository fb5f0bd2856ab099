import Foundation
import QueueLabBenchmarks

/// `--until-detectable X% --budget T`: after the planned rounds, keep adding rounds to the cells whose
/// throughput comparison (base against head, paired by round) cannot yet detect X percent, until none
/// is left or the budget is spent. A fixed sample count is either wasted on quiet cells or too small
/// for noisy ones; this spends the time where the noise is.
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
        // Furthest from the limit first: when the budget runs out, it ran out on the rows nearest
        // to seeing it, not on the blindest ones.
        return report.undetectable(beyond: limit).map {
            ($0.cellKey, $0.detectable)
        }.sorted { $0.detectable > $1.detectable }
    }

    /// Runs extra rounds of the undecided cells, one cell at a time (base and head back to back in
    /// each round, as in the main run), journalling every sample through `onSample`.
    /// - Returns: the new samples per variant, and failures.
    func extend(
        plan: BenchmarkPlan, records: [String: [SampleRecord]],
        onSample: @escaping (SampleRecord) throws -> Void
    ) throws -> (records: [String: [SampleRecord]], failures: [String]) {
        var all = records
        var failures: [String] = []
        let cells = plan.cells().cells
        // Counted from here, after the setup: a 1 s budget was once spent before the first round.
        let started = ContinuousClock.now
        while true {
            let open = undecided(all)
            guard !open.isEmpty else {
                print("until-detectable: every headline cell can detect \(FigureFormat.detectable(limit))")
                break
            }
            guard ContinuousClock.now - started < budget else {
                let names = open.map { "\($0.cell) (\(FigureFormat.detectable($0.detectable)))" }
                print(
                    "until-detectable: budget spent; still above \(FigureFormat.detectable(limit)): \(names.joined(separator: ", "))"
                )
                break
            }
            var progressed = false
            for (cell, detectable) in open {
                guard let chosen = cells.first(where: { $0.recordCellKey == cell }) else { continue }
                let done = (all[head] ?? []).filter { $0.cellKey == cell }.count
                var extra = plan
                extra.implementations = plan.implementations.filter { $0.name == chosen.implementation }
                extra.policies = chosen.policy.isEmpty ? [] : [chosen.policy]
                extra.workloads = [chosen.workload]
                extra.capFoundation = false  // the workload is already sized
                extra.samples = done + step
                let resumed = plan.variants.flatMap { all[$0.name] ?? [] }.filter { $0.cellKey == cell }
                print(
                    "until-detectable: \(cell) detects \(FigureFormat.detectable(detectable)); rounds \(done + 1) to \(done + step)"
                )
                let result = try BenchmarkRunner(
                    plan: extra, metadata: RunMetadata.current(), resuming: resumed, onSample: onSample
                ).run()
                for (variant, samples) in result.records { all[variant, default: []] += samples }
                failures += result.failures
                progressed = progressed || !result.records.isEmpty
                if ContinuousClock.now - started >= budget { break }
            }
            // A cell whose samples all fail would be retried forever: stop, the failures are reported.
            guard progressed, failures.isEmpty else { break }
        }
        return (all, failures)
    }
}
