import ArgumentParser
import Foundation
import QueueLabBenchmarks

/// `simulate --validate`: each simulated cell this machine can run for real (a width up to its
/// cores) is also measured with `bench` on the calibration's implementation, in child processes of
/// this executable, and each figure's error is printed: simulated mean over seeds against the
/// measured median. Beside it the measured range and the medians' error: a tail figure (a p99 of
/// a few hundred operations) is one stall more or less from run to run, its runs split into those
/// that met a long stall and those that did not, and there a mean and a median part ways.
extension SimulateCommand {
    /// The figures compared, per workload kind: what a sweep of it is read by.
    static func validatedColumns(_ kind: WorkloadKind) -> [String] {
        switch kind {
        case .makespan: ["makespan_over_bound"]
        case .inversion: ["inversion_p50_ns", "inversion_p99_ns"]
        case .overload:
            Figure.priorityClasses.map { "prio_\($0)_share" } + ["prio_verylow_e2s_max_ns"]
        case .open: ["a2s_mean_ns"]
        case .priority: Figure.priorityClasses.map { "prio_\($0)_e2s_p50_ns" }
        case .replay: ["e2s_p50_ns", "e2s_p99_ns", "makespan_ns"]
        default: ["ops_per_s"]
        }
    }

    /// The error table, and the measured rows (which `--out` writes beside the simulated ones, so
    /// that `report` draws them over the simulated curves).
    func validation(of records: [SampleRecord], implementation: String) throws -> (
        table: String, measured: [SampleRecord]
    ) {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // A kind without a width parameter (chain, dag, replay) runs in bench at the queue's own
        // width on every core: only the cell simulated on exactly this machine's cores compares.
        let comparable = records.filter { record in
            let hasWidth = WorkloadKind(rawValue: record.workload).map { Workload.defaults(for: $0)["width"] != nil }
            return hasWidth == true ? record.cores <= cores : record.cores == cores
        }
        let measurable = Dictionary(grouping: comparable) {
            "\($0.workload):\($0.parameters)|\($0.policy)"
        }
        var table = [
            [
                "workload", "policy", "figure", "measured (median)", "simulated (mean)", "error", "measured (range)",
                "simulated (median)", "error of medians",
            ]
        ]
        var rows: [SampleRecord] = []
        for key in measurable.keys.sorted() {
            let simulated = measurable[key]!
            let first = simulated[0]
            let measured = try measure(simulated, implementation: implementation)
            rows += measured
            for column in Self.validatedColumns(WorkloadKind(rawValue: first.workload) ?? .noop) {
                let real = measured.compactMap { $0.figures[column] }
                let model = simulated.compactMap { $0.figures[column] }
                guard !real.isEmpty, !model.isEmpty else { continue }
                let median = Median.of(real)
                let mean = model.reduce(0, +) / Double(model.count)
                let modelMedian = Median.of(model)
                func error(_ value: Double) -> String {
                    median != 0 ? String(format: "%+.1f %%", (value - median) / median * 100) : "-"
                }
                func shown(_ value: Double) -> String { FigureFormat.value(value, column: column) }
                table.append([
                    "\(first.workload) \(first.parameters)", first.policy, column, shown(median), shown(mean),
                    error(mean), "\(shown(real.min()!)) to \(shown(real.max()!))", shown(modelMedian),
                    error(modelMedian),
                ])
            }
        }
        let text =
            FigureFormat.table(table)
            + "\nvalidation: \(validationSamples) bench samples (one process each) of \(implementation) per cell of width <= \(cores)"
        return (text, rows)
    }

    /// `bench` of the simulated cell on `implementation`, in child processes of this executable.
    /// When the cell's seed was swept and the workload draws from its seed (`makespan`'s graph,
    /// `open`'s arrivals and bodies), each process runs one of the simulated seeds in turn, so
    /// that the measured median and the simulated mean are over the same graphs and draws; else
    /// all run the workload as given. (Before, every process ran the workload's default seed
    /// against simulations of other seeds: `open`'s mean wait at 2,000 arrivals is one path's,
    /// and paths differ from seed to seed by more than the error held.)
    private func measure(_ simulated: [SampleRecord], implementation: String) throws -> [SampleRecord] {
        let first = simulated[0]
        let kind = WorkloadKind(rawValue: first.workload) ?? .noop
        // The simulator's params add a width to kinds that have none, and leave a swept seed out.
        let parameters = first.parameters.split(separator: ";").filter { piece in
            let key = String(piece.split(separator: "=")[0])
            return Workload.defaults(for: kind)[key] != nil || Workload.textDefaults(for: kind)[key] != nil
        }.joined(separator: ";")
        let seedIsSwept = Workload.defaults(for: kind)["seed"] != nil && !parameters.contains("seed=")
        guard seedIsSwept else {
            return try bench(
                first, workload: "\(first.workload):\(parameters)", samples: validationSamples, implementation)
        }
        return try (0..<validationSamples).flatMap { index in
            let seed = simulated[index % simulated.count].seed
            return try bench(
                first, workload: "\(first.workload):\(parameters);seed=\(seed)", samples: 1, implementation)
        }
    }

    private func bench(
        _ record: SampleRecord, workload: String, samples: Int, _ implementation: String
    ) throws -> [SampleRecord] {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(
            "queuelab-validate-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).csv"
        ).path
        defer { try? FileManager.default.removeItem(atPath: out) }
        var arguments = [
            "bench", "--impl", implementation, "--workload", workload, "--samples", "\(samples)", "--warmup", "1",
            "--out", out,
        ]
        if !record.policy.isEmpty { arguments += ["--policy", record.policy] }
        let outcome = try ChildProcess.run(
            ChildCommand(executable: RunMetadata.currentExecutable(), arguments: arguments), timeout: .seconds(3_600))
        guard outcome.status == 0 else {
            throw ValidationError(
                "--validate: bench \(arguments.joined(separator: " ")) failed: \(outcome.standardError)")
        }
        return try ResultsFile.read(out)
    }
}
