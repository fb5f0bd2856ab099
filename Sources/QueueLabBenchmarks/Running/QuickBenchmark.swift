import Foundation

/// The quick benchmark of the main job (`queuelab` with no arguments): every implementation on
/// ``WorkloadSuite/quick``, a few samples each, in child processes of the running executable.
package enum QuickBenchmark {
    package struct Outcome: Sendable {
        /// The summary table (``BenchmarkSummary``), notes and failures included.
        package let summary: String
        package let csvPath: String
        package let result: BenchmarkResult
    }

    /// Runs the quick benchmark and writes its CSV to `directory/quick-<timestamp>.csv`.
    ///
    /// The running executable must answer the hidden `sample` subcommand (``SampleProtocol``).
    package static func run(
        implementations: [ImplementationInfo], directory: String = "results", samples: Int = 3,
        progress: @escaping (String) -> Void = ProgressLine.write
    ) throws -> Outcome {
        var plan = BenchmarkPlan(
            implementations: implementations, workloads: WorkloadSuite.quick,
            variants: [BenchmarkVariant(name: "head", executable: RunMetadata.currentExecutable())])
        plan.samples = samples
        plan.warmupRounds = 1
        plan.seed = UInt64(Date().timeIntervalSince1970)
        plan.sampleTimeout = .seconds(60)
        let runner = BenchmarkRunner(plan: plan, metadata: RunMetadata.current(), progress: progress)
        let result = try runner.run()
        let stamp = RunMetadata.timestamp().replacingOccurrences(of: ":", with: "")
        let path = (directory as NSString).appendingPathComponent("quick-\(stamp).csv")
        let records = result.records["head"] ?? []
        try ResultsFile.write(records, to: path)
        return Outcome(
            summary: BenchmarkSummary.render(records, notes: result.notes, failures: result.failures), csvPath: path,
            result: result)
    }
}
