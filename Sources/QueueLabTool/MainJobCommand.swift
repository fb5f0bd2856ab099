import ArgumentParser
import Foundation
import QueueLabBenchmarks
import QueueLabConformance
import QueueLabCore
import QueueLabRegistry

/// `queuelab` with no arguments: the two questions QueueLab answers, quickly, for every
/// implementation.
struct MainJobCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "all",
        abstract:
            "The main job (the default): quick conformance of every queue, then a quick benchmark of every implementation.",
        discussion: """
            Runs `\(ToolName.current) conform --level quick` on lock, actor and foundation, then a quick \
            benchmark (3 processes per implementation and workload) of lock, actor, foundation and \
            dispatch; writes the benchmark CSV to results/quick-<time>.csv and prints both summaries. \
            Takes a few minutes.

            \(HelpText.exitStatus([(0, "every outcome is PASS, UNSUPPORTED, UNDERPOWERED or KNOWN (a FAIL or STALE the implementation declares as a known deviation, as Foundation does) and every sample ran"), (1, "otherwise")]))

            \(HelpText.examples(["\(ToolName.current)", "\(ToolName.current) all --out-dir results"]))
            """
    )

    /// `--out-dir`, as in bench and gate; `--results`, its first name, still works.
    @Option(
        name: [.customLong("out-dir"), .customLong("results")],
        help: ArgumentHelp(
            "The directory for the benchmark CSV (a new file, written as bench --out writes one).",
            valueName: "directory"))
    var results: String = "results"

    @Option(parsing: .unconditional, help: "Benchmark processes per implementation and workload, 1 to 100000.")
    var samples: Int = 3

    func validate() throws {
        try CountOption.check("--samples", samples, CountOption.samples)
        // The CSV's folder, before minutes of conformance.
        if let problem = OutputPath.problem(withFolder: results, file: "quick.csv") {
            throw ValidationError("--out-dir \(results): \(problem)")
        }
    }

    func run() throws {
        printHeading("Does it behave? Conformance, level quick")
        let report = ConformanceSuite.run(
            ToolImplementations.registry.queues,
            configuration: ConformanceConfiguration(level: .quick, seed: 1, checks: Check.standard)
        ) { outcome in
            FileHandle.standardError.write(
                Data("  \(outcome.implementation) \(outcome.checkID): \(outcome.verdict)\n".utf8))
        }
        print(report.text())

        printHeading("How fast is it? Quick benchmark, \(samples) processes per cell")
        try FileManager.default.createDirectory(atPath: results, withIntermediateDirectories: true)
        let outcome = try QuickBenchmark.run(
            implementations: ToolImplementations.registry.all.map(ImplementationInfo.init), directory: results,
            samples: samples)
        print(outcome.summary)
        print("CSV: \(outcome.csvPath)")
        print("Compare two runs: \(ToolName.current) compare BASE.csv HEAD.csv")
        if !report.isSuccess || !outcome.result.failures.isEmpty { throw ExitCode(1) }
    }

    private func printHeading(_ text: String) {
        print("\n== \(text) ==\n")
    }
}
