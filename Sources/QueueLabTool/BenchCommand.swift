import ArgumentParser
import Foundation
import QueueLabBenchmarks
import QueueLabScheduling

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure implementations; one fresh process per sample; write a CSV and print a summary.",
        discussion: """
            Each sample runs in a fresh process and the CSV is written when the run ends. Without --impl every implementation runs (with --policy, those that take one); without --workload the standard suite runs. Every option is checked before the first sample runs.

            \(HelpText.examples(["\(ToolName.current) bench --impl lock,foundation --workload noop --out run.csv", "\(ToolName.current) bench --impl lock --workload 'chain:n=1000000'", "\(ToolName.current) bench --impl lock --policy strict,fifo,aging --workload overload", "\(ToolName.current) bench --instructions --impl lock --workload 'noop:n=20000'", "\(ToolName.current) bench --variant base=old/tool --variant head=new/tool --out-dir gate"]))

            Workloads: \(WorkloadKind.allCases.map(\.rawValue).joined(separator: ", ")), with parameters as kind:key=value;key=value. An open-loop workload such as 'open:rate=50000;service=bimodal:5us,500us,0.01' runs one cell per rate with rate=sweep, rate=LOW..HIGH/STEPS or rate=R1+R2, and adds saturation_ops_per_s rows. Foundation's chain, dag and fanout are capped (quadratic scheduling) unless --uncapped.

            Policies: each --policy runs as its own cell on every implementation that takes one (lock, actor); without --impl only those run. The CSV's policy column holds each policy with its defaults spelled out (aging:step=1ms); it is empty without --policy and for foundation and dispatch.

            Allocator: jemalloc is preloaded (LD_PRELOAD=\(Allocator.jemallocLibrary), MALLOC_CONF=tcache:false) for allocation counts.

            Environment knobs (whole numbers, checked before sampling): QUEUELAB_TEST_SLOWDOWN_NS (test-only: each body spins longer), QUEUELAB_INJECT_NS (fault injection: the lock and actor queues' add and finish paths each spin about that long; only in a debug build or one with the package trait FaultInjection: any other build refuses a non-zero value).

            Output: --out is the CSV of a run of one variant; with --variant each variant's CSV is OUT-DIR/NAME.csv. Both are written, whole, when the run ends: a regular file (or a new path) is replaced atomically, a device, FIFO or socket is written through, never replaced, and a symbolic link is followed. Until then each sample is appended as it finishes to the journal TARGET.partial beside the CSV; a run that is killed leaves the journal, and the same command with --resume continues it (samples already journalled are not taken again; the seed is the journal's). The journal's first line records its plan: --resume refuses (exit 2) a journal of another plan (workloads, implementations, policies, samples, pinning, seed, binaries...) or with a damaged row (a duplicate, bad bytes, a round beyond the plan), rather than mix them into the CSV.

            Sequential sampling: with --variant base=... --variant head=..., --until-detectable 10% --budget 10m runs --samples rounds, then adds --until-step rounds at a time to each cell whose ops_per_s comparison (paired by round, as compare does) cannot yet detect 10% with 80% power, until every cell can or the budget is spent, spending it where it buys a cell that sees the limit (a plan, printed before the extra rounds and made again after each step, says what each cell needs and is expected to detect by the end). The budget counts from the end of the --samples rounds; a step already started finishes. The rows still above the limit are printed; `compare --require-detectable 10%` is the gate.

            \(HelpText.exitStatus([(0, "every sample measured"), (2, "bad input (an option, a workload, a variant, an environment knob, an unwritable output, a journal left without --resume), before any sample runs"), (4, "a sample failed or hung (its cell is left out from then on: not measured), or no sample was measured"), (74, "the samples were measured but the CSV could not be written (they stay in the journal), or the journal could not take a sample (the run stops; --resume continues it)")]))
            """
    )

    /// A sample failed or hung: part of the plan was not measured (as `compare`'s 4).
    static let notMeasuredStatus: Int32 = 4

    @OptionGroup(title: "Implementations") var implementationOptions: ImplementationOptions
    @OptionGroup(title: "Workloads") var workloadOptions: WorkloadOptions
    @OptionGroup(title: "Policies") var policyOptions: PolicyOptions

    /// Default: every implementation (with --policy, those that take one).
    var implementations: [String] { implementationOptions.names }
    var workloads: [String] { workloadOptions.specifications }
    var policies: [String] { policyOptions.specifications }

    @Option(parsing: .unconditional, help: "Samples per cell (one process each), 1 to 100000.")
    var samples = 10

    @Option(parsing: .unconditional, help: "Warm-up rounds (not recorded), 0 to 1000.")
    var warmup = 1

    @Option(help: "The allocator every sample runs with (jemalloc counts allocations).")
    var allocator = Allocator.system

    @Option(help: "The order of the samples of a round: shuffled, or abba (alternating, mirrored).")
    var order = SampleOrder.shuffled

    @Option(
        parsing: .unconditional,
        help: "Seed for the sample order (default: the clock, or the journal's with --resume).")
    var seed: UInt64?

    @Option(parsing: .unconditional, help: "Seconds before a sample process is killed as hung, 1 to 86400.")
    var sampleTimeout = 120

    @Option(
        parsing: .unconditional,
        help: """
            Timed phases per sample process after its warm-up, 1 to 100; the phase with the median wall \
            time is the sample, the spread of all is the column repetition_log_sd.
            """)
    var repetitions = 1

    @Option(parsing: .unconditional, help: "Record the latency of one operation in this many, 1 to 1000000000.")
    var latencyEvery = SampleRunner.defaultLatencyEvery

    @Flag(help: "Do not cap Foundation's dependency workloads.")
    var uncapped = false

    @Option(
        help: ArgumentHelp(
            "The CSV file to write, overwritten (a run of one variant). Default: results/scratch/bench-<time>.csv.",
            valueName: "file.csv"))
    var out: String?

    @Option(help: "NAME=PATH: another build to sample, interleaved (repeatable, distinct names); needs --out-dir.")
    var variant: [String] = []

    @Option(help: "NAME:KEY=VALUE: environment for one variant's samples (repeatable; NAME a --variant, or head).")
    var variantEnv: [String] = []

    @Option(
        help: """
            NAME=COMMIT: the commit a --variant was built from, for the CSV's git_commit column (repeatable; \
            by default read from the checkout that holds the executable). The gate gives both of its builds'.
            """)
    var variantCommit: [String] = []

    @Option(
        help: ArgumentHelp(
            "The directory for the CSVs of a --variant run, one NAME.csv per variant, overwritten.",
            valueName: "directory"))
    var outDir: String?

    @Flag(
        help: """
            Run every sample under valgrind --tool=callgrind, counting only its timed phase, and add \
            instructions_per_op (deterministic; compare judges it at 2 %). Samples run many times slower: \
            use small workloads and a long --sample-timeout.
            """)
    var instructions = false

    @Option(
        help: """
            CPU list (1, 0,1, 0-3): run every sample process on these CPUs only (taskset), so thread \
            placement cannot differ between samples; the column cpus_allowed records it.
            """)
    var pin: String?

    @Flag(help: "Continue the run whose journal (TARGET.partial) an interrupted bench left.")
    var resume = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "With --variant base=... --variant head=...: after --samples rounds, add rounds to each cell whose "
                + "throughput comparison cannot detect this change with 80% power, e.g. 10%, until all can or --budget is spent.",
            valueName: "percent"))
    var untilDetectable: PercentOption?

    @Option(help: "Time for the rounds --until-detectable adds after --samples: 90s, 10m, 1h.")
    var budget = "10m"

    @Option(
        parsing: .unconditional, help: "Rounds added to an undecided cell per step with --until-detectable, 1 to 1000.")
    var untilStep = 4

    /// The typed options the parser can check alone; the rest is checked by ``checkedPlan()``.
    func validate() throws {
        _ = try untilDetectable?.checked("--until-detectable", in: PercentOption.detectableRange, excludingZero: true)
    }

    func run() throws {
        // Interrupted or terminated, the bench ends its running sample and writes no target; the
        // journal stays for --resume.
        SignalCleanup.install()
        try exitingOnBadInput(runChecked)
    }

    /// Bad input: one line on standard error, exit status 2.
    func fail(_ message: String) -> Never {
        exitBadInput(message)
    }

    func runChecked() throws {
        var plan = try checkedPlan()
        let sequential = try checkedSequential(plan)
        let targets = try plan.variants.map { try outputPath(for: $0.name, many: plan.variants.count > 1) }
        // Before the journal is made beside it: a target that cannot be written is found now.
        for target in targets { try OutputPath.check(target, option: outDir == nil ? "--out" : "--out-dir") }
        let journals = try zip(plan.variants, targets).map { variant, target in
            try SampleJournal(
                target: target, resuming: resume,
                expected: SampleJournal.Expectation(
                    variant: variant.name, plan: plan, seedGiven: seed != nil,
                    roundLimit: sequential == nil ? plan.samples : nil))
        }
        let resumed = journals.flatMap(\.resumed)
        let seeds = Set(journals.compactMap(\.resumedSeed))
        if let journalled = seeds.first {
            guard seeds.count == 1 else {
                throw ValidationError(
                    "--resume: the journals of this run were written with different seeds (\(seeds.sorted())); delete them"
                )
            }
            plan.seed = journalled
        }
        let journalOf = Dictionary(uniqueKeysWithValues: zip(plan.variants.map(\.name), journals))
        // A journal that cannot take a sample (a full disk) ends the run at once: samples taken
        // on would be lost by a kill. An output failure, exit 74, not bad input.
        let journal: (SampleRecord) -> Void = { sample in
            do {
                try journalOf[sample.variant]?.append(sample)
            } catch {
                OutputFailure.exit("\(error) (the journal keeps the samples before it: --resume continues)")
            }
        }
        if variant.isEmpty, SampleFigures.currentBuildConfiguration == "debug" {
            // The samples run this binary: without the optimiser a queue's figures can be several
            // times a release build's, and the CSV's build_config column is easy to miss.
            FileHandle.standardError.write(
                Data(
                    "warning: this \(ToolName.current) is a debug build; its figures are not a release build's (swift build -c release)\n"
                        .utf8))
        }
        let mainStarted = ContinuousClock.now
        let result = try BenchmarkRunner(
            plan: plan, metadata: RunMetadata.current(), resuming: resumed, onSample: journal
        ).run()
        var taken = Dictionary(
            uniqueKeysWithValues: zip(plan.variants, journals).map { variant, journal in
                (variant.name, journal.resumed + (result.records[variant.name] ?? []))
            })
        var failures = result.failures
        if let sequential, failures.isEmpty {
            // The cost of a cell's round until one of its own steps is timed: the main run's mean.
            let pairs = result.records.values.map(\.count).max() ?? 0
            let elapsed = SequentialSampling.seconds(ContinuousClock.now - mainStarted)
            let extended = try sequential.extend(
                plan: plan, records: taken, secondsPerPair: pairs > 0 ? elapsed / Double(pairs) : 1,
                onSample: journal)
            taken = extended.records
            failures += extended.failures
        }
        for (variant, journal) in zip(plan.variants, journals) {
            let samples = taken[variant.name] ?? []
            let records = samples + SaturationPoint.rows(for: samples)
            do {
                try journal.finish(records)
            } catch {
                OutputFailure.exit("\(error) (the samples stay in the journal \(journal.partialPath))")
            }
            if plan.variants.count > 1 { print("== \(variant.name)") }
            print(BenchmarkSummary.render(samples, notes: result.notes, failures: failures))
            if let saturation = SaturationSummary.render(samples) { print(saturation) }
            print(
                "wrote \(samples.count) samples (+\(records.count - samples.count) saturation rows) to \(journal.target)"
            )
        }
        if !failures.isEmpty {
            FileHandle.standardError.write(
                Data("error: \(failures.count) sample(s) failed or hung: not measured\n".utf8))
            throw ExitCode(Self.notMeasuredStatus)
        }
        if taken.values.allSatisfy(\.isEmpty) {
            FileHandle.standardError.write(Data("error: no sample was measured: no cell of the plan could run\n".utf8))
            throw ExitCode(Self.notMeasuredStatus)
        }
    }

    /// The sequential mode's settings, checked before any sample: nil without --until-detectable.
    func checkedSequential(_ plan: BenchmarkPlan) throws -> SequentialSampling? {
        guard let untilDetectable else {
            // Checked alike with or without it: a value out of range is a mistake either way.
            if DurationOption.parse(budget) == nil { throw ValidationError(DurationOption.problem("--budget", budget)) }
            try CountOption.check("--until-step", untilStep, 1...1_000)
            return nil
        }
        let limit = try untilDetectable.checked(
            "--until-detectable", in: PercentOption.detectableRange, excludingZero: true)
        guard let duration = DurationOption.parse(budget) else {
            throw ValidationError(DurationOption.problem("--budget", budget))
        }
        try CountOption.check("--until-step", untilStep, 1...1_000)
        let names = plan.variants.map(\.name)
        guard names.contains("base"), names.contains("head") else {
            throw ValidationError("--until-detectable needs --variant base=... and --variant head=...")
        }
        return SequentialSampling(limit: limit, budget: duration, step: untilStep, base: "base", head: "head")
    }

    /// OUT-DIR/NAME.csv with --out-dir (checked to come with --variant); else --out or the default,
    /// for a run of one variant (checked).
    func outputPath(for variant: String, many: Bool) throws -> String {
        if let outDir {
            if let problem = OutputPath.problem(withFolder: outDir, file: "\(variant).csv") {
                throw ValidationError("--out-dir \(outDir): \(problem)")
            }
            return (outDir as NSString).appendingPathComponent("\(variant).csv")
        }
        guard !many else { throw ValidationError("--variant needs --out-dir") }
        if let out { return out }
        let stamp = RunMetadata.timestamp().replacingOccurrences(of: ":", with: "")
        return "results/scratch/bench-\(stamp).csv"
    }
}
