import ArgumentParser
import Foundation
import QueueLabBenchmarks
import QueueLabCore
import QueueLabRegistry
import QueueLabSimulation

/// `simulate --calibrate --impl NAME`: measures the figures a calibration holds by running `bench`
/// on the real queue in a child process of this executable (as `--validate` does), and writes the
/// `queuelab-calibration/1` text that `--calibration` reads back.
extension SimulateCommand {
    /// What `--calibrate` would run, all checked before anything runs.
    struct CalibrationPlan {
        var implementation: String
        var name: String
        var benchArguments: [String]
        /// The start-up figure's own bench, with more samples (`SimulationCalibration.spawnWorkload`).
        var spawnBenchArguments: [String]
    }

    func checkedCalibrationPlan(
        registry: ImplementationRegistry = ToolImplementations.registry
    ) throws -> CalibrationPlan {
        guard let impl else { throw ValidationError("--calibrate needs --impl NAME: the queue to measure") }
        let type: any OperationQueueing.Type
        do {
            type = try registry.named(impl)
        } catch {
            throw ValidationError("--impl \(impl): \(error)")
        }
        // Every measurement must run, or the calibration would end, after its benches, without a cost.
        for text in SimulationCalibration.measurementWorkloads + [SimulationCalibration.spawnWorkload] {
            if let reason = try Workload(parsing: text).unsupportedReason(for: type.capabilities) {
                throw ValidationError(
                    "--calibrate --impl \(impl): it cannot run \(text), a measurement of every calibration (\(reason))")
            }
        }
        // The sweep's options mean nothing to a calibration: refuse them rather than ignore them.
        let sweep: [(String, Bool)] = [
            ("--validate", validate), ("--calibration", calibration != nil), ("--width", !width.isEmpty),
            ("--cores", cores != nil), ("--seeds", seeds != nil),
            ("--workload", !workloadOptions.specifications.isEmpty),
            ("--policy", !policyOptions.specifications.isEmpty),
        ]
        if let given = sweep.first(where: \.1) { throw ValidationError("--calibrate does not take \(given.0)") }
        try CountOption.check("--calibration-samples", calibrationSamples, 1...1_000)
        let name = calibrationName ?? "\(impl)-\(RunMetadata.current().host)\(RunMetadata.current().cores)"
        guard !name.isEmpty, !name.contains(where: { $0 == "#" || $0.isNewline }) else {
            throw ValidationError("--calibration-name '\(name)': a name has no '#' and no line break")
        }
        var arguments = ["bench", "--impl", impl]
        for workload in SimulationCalibration.measurementWorkloads { arguments += ["--workload", workload] }
        arguments += ["--samples", "\(calibrationSamples)", "--warmup", "1"]
        let spawnSamples = calibrationSamples * SimulationCalibration.spawnSamplesPerSample
        let spawnArguments = [
            "bench", "--impl", impl, "--workload", SimulationCalibration.spawnWorkload, "--samples", "\(spawnSamples)",
            "--warmup", "1",
        ]
        return CalibrationPlan(
            implementation: impl, name: name, benchArguments: arguments, spawnBenchArguments: spawnArguments)
    }

    func runCalibration() throws {
        let plan = try checkedCalibrationPlan()
        var records: [SampleRecord] = []
        for arguments in [plan.benchArguments, plan.spawnBenchArguments] {
            records += try Self.bench(arguments, implementation: plan.implementation)
        }
        var measured = try SimulationCalibration(
            measured: records, name: plan.name, implementation: plan.implementation)
        // After bench, in this process alone: the stalls of the machine, not of the queue.
        let stalls = StallProbe.measure(threads: RunMetadata.current().cores, duration: Self.stallProbeDuration)
        measured.setStalls(stalls)
        let text = measured.text(comment: comment(for: plan, records: records, stalls: stalls))
        if let out {
            do {
                try OutputFile.write(Data(text.utf8), to: out)
            } catch {
                OutputFailure.exit(error)
            }
            FileHandle.standardError.write(Data("wrote \(out)\n".utf8))
        } else {
            print(text, terminator: "")
        }
    }

    /// Runs one `bench` of the calibration in a child process of this executable; its rows.
    private static func bench(_ arguments: [String], implementation: String) throws -> [SampleRecord] {
        let csv = FileManager.default.temporaryDirectory.appendingPathComponent(
            "queuelab-calibrate-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).csv"
        ).path
        defer { try? FileManager.default.removeItem(atPath: csv) }
        let command = arguments + ["--out", csv]
        // bench's own table and progress go to standard error: standard output is the calibration.
        FileHandle.standardError.write(
            Data(
                "calibrating \(implementation): \(ToolName.current) \(arguments.map(shellQuoted).joined(separator: " "))\n"
                    .utf8))
        let status = try StreamedProcess.run(
            RunMetadata.currentExecutable(), command, output: .standardError, deadline: .now + .seconds(3_600))
        guard status == 0 else {
            FileHandle.standardError.write(Data("calibrate: bench exited with status \(status)\n".utf8))
            throw ExitCode(1)
        }
        return try ResultsFile.read(csv)
    }

    /// Long enough to meet the rare millisecond stalls a dozen times on a shared machine: a
    /// shorter probe meets too few to draw a tail from (`results/simulate/README.md`, "The
    /// machine's longest stalls").
    static let stallProbeDuration: Duration = .seconds(10)

    /// An argument as a shell reads it back: the workloads' `;` would end the command.
    static func shellQuoted(_ argument: String) -> String {
        argument.contains(where: { ";'\" $&|<>*?".contains($0) }) ? "'\(argument)'" : argument
    }

    /// Where, when and how: a calibration's figures are only as good as the machine and build they
    /// were read on, so the file carries them.
    private func comment(for plan: CalibrationPlan, records: [SampleRecord], stalls: StallMeasurement) -> [String] {
        let metadata = RunMetadata.current()
        let commit = RunMetadata.gitCommit(containing: RunMetadata.currentExecutable())
        let load = LinuxOnly.loadAverages() ?? "unknown"
        return [
            "\(plan.implementation) measured by simulate --calibrate on \(RunMetadata.timestamp()): host \(metadata.host),",
            "\(metadata.cores) cores, Swift \(metadata.swiftVersion), build \(commit) (\(records.first?.buildConfiguration ?? "?")),",
            "load average \(load) at the end.",
            "  \(ToolName.current) \(plan.benchArguments.map(Self.shellQuoted).joined(separator: " "))",
            "  \(ToolName.current) \(plan.spawnBenchArguments.map(Self.shellQuoted).joined(separator: " "))",
            "overhead_ns: a second over noop's ops_per_s at width 1 (median of the samples).",
            "handoff_ns:  a second over chain's ops_per_s, less overhead_ns (0 if less).",
            "wakeup_ns:   ping's e2f_p50_ns (median): each operation added once the previous finished.",
            "add_ns:      makespan's add_ns at width 1 (median): one add call to a suspended queue.",
            "make_ns:     makespan's make_ns at width 1 (median): making one operation.",
            "edge_ns:     makespan's edge_ns at width 1 (median): one addDependency call.",
            "stall_per_s, stall_ns: \(metadata.cores) threads (one a core) reading the clock for "
                + "\(Self.stallProbeDuration.components.seconds) s once they ran side by side ("
                + (stalls.sideBySideAfterNanoseconds.map { "after \(FigureFormat.time(Double($0) / 1e9))" }
                    ?? "never within the bound: measured anyway")
                + "); a gap over \(StallProbe.threshold) ns is a stall;",
            "             \(StallProbe.quantiles) quantiles of their durations but the longest ones,",
            "stall_tail_per_s, stall_tail_ns: those longest ones (at most \(StallProbe.tailLimit), a sixteenth of all), each kept.",
            "spawn_ns:    every sample's parallel_after_ns of \(SimulationCalibration.spawnWorkload): resume until",
            "             two bodies first ran at once on two cores (a second worker stacked on the first one's core).",
        ]
    }
}
