import ArgumentParser
import Foundation
import QueueLabBenchmarks
import QueueLabImplementations

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure implementations; one fresh process per sample; write a CSV and print a summary.",
        discussion: """
            Examples:
              queuelab bench --impl lock --impl foundation --workload noop --samples 10 --out results/run.csv
              queuelab bench --workload 'chain:n=1000000' --impl lock
              queuelab bench --variant base=/tmp/base/queuelab --variant head=.build/release/queuelab --out-dir /tmp/gate
            Workloads: \(WorkloadKind.allCases.map(\.rawValue).joined(separator: ", ")); parameters as
            kind:key=value;key=value. Without --workload the standard suite runs. Foundation's chain, dag and
            fanout are capped (quadratic scheduling) unless --uncapped. jemalloc is preloaded
            (LD_PRELOAD=\(Allocator.jemallocLibrary), MALLOC_CONF=tcache:false) for allocation counts.
            """
    )

    @Option(name: .customLong("impl"), help: "Implementation (repeatable); default: all.")
    var implementations: [String] = []

    @Option(name: .customLong("workload"), help: "Workload (repeatable); default: the standard suite.")
    var workloads: [String] = []

    @Option(help: "Samples per cell (one process each).")
    var samples = 10

    @Option(help: "Warm-up rounds (not recorded).")
    var warmup = 1

    @Option(help: "system or jemalloc.")
    var allocator = "system"

    @Option(help: "shuffled or abba.")
    var order = "shuffled"

    @Option(help: "Seed for the sample order (default: the clock).")
    var seed: UInt64?

    @Option(help: "Seconds before a sample process is killed as hung.")
    var sampleTimeout = 120

    @Option(help: "Record the latency of one operation in this many.")
    var latencyEvery = SampleRunner.defaultLatencyEvery

    @Flag(help: "Do not cap Foundation's dependency workloads.")
    var uncapped = false

    @Option(help: "CSV to write (one variant). Default: results/scratch/bench-<time>.csv.")
    var out: String?

    @Option(help: "NAME=PATH: another build to sample, interleaved (repeatable); writes OUT-DIR/NAME.csv.")
    var variant: [String] = []

    @Option(help: "NAME:KEY=VALUE: environment for one variant's samples (repeatable).")
    var variantEnv: [String] = []

    @Option(help: "Directory for per-variant CSVs (with --variant).")
    var outDir: String?

    func run() throws {
        do {
            try runChecked()
        } catch let error as ValidationError {
            throw error
        } catch let error as ExitCode {
            throw error
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
        }
    }

    func runChecked() throws {
        let types = try implementations.isEmpty ? Implementations.all : implementations.map(Implementations.named)
        guard !types.isEmpty else { throw ValidationError("no implementation is registered yet") }
        let parsed = try workloads.isEmpty ? WorkloadSuite.standard : workloads.map { try Workload(parsing: $0) }
        guard let allocator = Allocator(rawValue: allocator) else {
            throw ValidationError("--allocator must be system or jemalloc")
        }
        guard let order = SampleOrder(rawValue: order) else {
            throw ValidationError("--order must be shuffled or abba")
        }
        var plan = BenchmarkPlan(
            implementations: types.map(ImplementationInfo.init), workloads: parsed, variants: try variants())
        plan.samples = samples
        plan.warmupRounds = warmup
        plan.allocator = allocator
        plan.order = order
        plan.seed = seed ?? UInt64(Date().timeIntervalSince1970)
        plan.sampleTimeout = .seconds(sampleTimeout)
        plan.latencyEvery = latencyEvery
        plan.capFoundation = !uncapped
        let result = try BenchmarkRunner(plan: plan, metadata: RunMetadata.current()).run()
        for variant in plan.variants {
            let records = result.records[variant.name] ?? []
            let path = try outputPath(for: variant.name, many: plan.variants.count > 1)
            try ResultsFile.write(records, to: path)
            if plan.variants.count > 1 { print("== \(variant.name)") }
            print(BenchmarkSummary.render(records, notes: result.notes, failures: result.failures))
            print("wrote \(records.count) samples to \(path)")
        }
        if !result.failures.isEmpty { throw ExitCode(1) }
    }

    func variants() throws -> [BenchmarkVariant] {
        guard !variant.isEmpty else {
            return [BenchmarkVariant(name: "head", executable: RunMetadata.currentExecutable())]
        }
        var environments: [String: [String: String]] = [:]
        for entry in variantEnv {
            let parts = entry.split(separator: ":", maxSplits: 1).map(String.init)
            let pair = parts.count == 2 ? parts[1].split(separator: "=", maxSplits: 1).map(String.init) : []
            guard pair.count == 2 else { throw ValidationError("--variant-env wants NAME:KEY=VALUE, got '\(entry)'") }
            environments[parts[0], default: [:]][pair[0]] = pair[1]
        }
        return try variant.map { entry in
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw ValidationError("--variant wants NAME=PATH, got '\(entry)'") }
            guard FileManager.default.isExecutableFile(atPath: parts[1]) else {
                throw ValidationError("--variant \(parts[0]): \(parts[1]) is not an executable")
            }
            return BenchmarkVariant(name: parts[0], executable: parts[1], environment: environments[parts[0]] ?? [:])
        }
    }

    func outputPath(for variant: String, many: Bool) throws -> String {
        if many {
            guard let outDir else { throw ValidationError("--variant needs --out-dir") }
            return (outDir as NSString).appendingPathComponent("\(variant).csv")
        }
        if let out { return out }
        let stamp = RunMetadata.timestamp().replacingOccurrences(of: ":", with: "")
        return "results/scratch/bench-\(stamp).csv"
    }
}
