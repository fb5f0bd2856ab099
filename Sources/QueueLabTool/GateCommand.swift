import ArgumentParser
import Foundation
import QueueLabBenchmarks

struct GateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gate",
        abstract: "The CI benchmark gate: build BASE_REF and the working tree, sample both interleaved, compare.",
        discussion: """
            Run it from the git repository whose tool it gates: QueueLab's own (product queuelab), or yours, whose executable calls QueueLabTool.main with your queue (the product defaults to the name of the running executable), e.g.
              swift build -c release
              .build/release/\(ToolName.current) gate origin/main
            (any build of the tool runs a gate: the gate builds base and head itself, in release).

            Defaults: --impl, the implementations both builds list (with --policy, those that take one); of those, the reference implementations (foundation and dispatch; in a tool of your own, QueueLab's lock and actor too) are sampled for --samples rounds and reported beside the verdict, not gated (--gate-references gates them); --workload, \(standardWorkloads.joined(separator: " ")).

            In order: resolves the dependencies once, in the working tree; takes the base, then the working tree (its uncommitted changes and untracked files included), from the cache of builds (keyed by git tree, resolution and toolchain: a clean head gated once is the base of later gates) or builds it in the gate's build tree with that same Package.resolved (a base whose manifest resolves differently gets a warning naming the pins). Both sides are built in that one folder, one after the other, so the second build is incremental, and the folder is kept in the cache for the next gate: only a tree's first build starts from nothing; samples base and head interleaved, one fresh process per sample, paired by round (wall time), then adds rounds, 4 at a time, to each cell whose throughput row cannot yet detect a change as large as the floor (--until-detectable, within --budget, planned from each row's noise and cost: the plan, printed first, says what each row is expected to detect by the end); compares, failing closed (exit 6) when a row still cannot; then, with valgrind on PATH, counts instructions per operation of both on the hand-off workloads (bench --instructions) and compares them at compare's 2 % floor. The verdict (compare's table) is printed on standard output; progress goes to standard error.

            What each channel sees: the wall channel every cost, waiting on a clock, a lock or the kernel included, down to each row's printed detectable change; the instruction channel judges instructions and cannot see time spent waiting. A headline row counts as covered when the wall channel sees the floor, or when the instruction channel sees its 2 % floor for that implementation and the wall channel sees --waiting-floor (default 25 %); the gate fails closed only on rows that are not covered, and names each row below the floor with what saw it. Without valgrind there is no instruction channel: every row must be seen by wall time, and the summary says so.

            The last line of standard output is the summary a reviewer reads: green or red, why, and what the gate could not see (under GitHub Actions also a ::notice or ::error annotation).

            Every number an option or workload takes is range-checked first (exit 2, one line). Only CSVs this run wrote are compared: earlier base.csv and head.csv in --out-dir are removed first.

            \(HelpText.exitStatus([(0, "no regression found"), (1, "a regression (in either channel)"), (2, "bad input, before anything is built: an option, a workload, an implementation or policy the running tool does not know or cannot combine (--impl dispatch --policy fifo; a workload no implementation of the run can do), an --out-dir that cannot be written, a base ref that is no commit. An implementation or policy named here that the base does not know (a base older than the name) is found once the base is built, still before any sample."), (3, "a build failed (or the dependencies did not resolve)"), (4, "not measured: a sample of base or head failed or hung, a cell of base is missing from head, or --time-limit ended a channel before it finished"), (5, "with --require-evidence: nothing regressed, but a comparison is INCONCLUSIVE"), (6, "cannot detect: nothing regressed, but when the budget ended a throughput row could not detect the required change with 80% power (--require-detectable, by default the --until-detectable limit, the floor) and the instruction channel did not cover it. The message names the rows, what each could detect, and what would help. --allow-blind exits 0 instead.")], heading: "Exit status (the worse of the two channels):"))

            Interrupted (SIGINT, SIGTERM, SIGHUP), the gate ends every build, bench and sample it started and exits with 128 + the signal, writing no base.csv or head.csv; killed with SIGKILL, its bench and the bench's samples (of builds that know it) end with it.
            """
    )

    /// `fanout` at 500 rounds (33,000 operations, about 0.1 s): at 50 rounds its log SD was 0.07 to 0.08,
    /// four times the other cells', and it fell to about 0.01 at 500 (results/README.md).
    static let standardWorkloads = ["noop", "noop:width=1", "chain:n=20000", "fanout:rounds=500", "producers:n=50000"]
    static let instructionWorkloads = ["chain:n=2000", "ping:n=500"]
    /// Their instruction counts move with threads that are not the queue's own (Dispatch's pool).
    static let unsteadyUnderCallgrind: Set<String> = ["foundation", "dispatch"]

    @Argument(help: "The base: a branch, tag or commit of the repository in the current directory.")
    var baseRef: String

    @Option(help: "The executable product to build and compare; default: the running executable's name.")
    var product: String?

    /// Default: the implementations both builds list (with --policy, those that take one).
    @OptionGroup(title: "Implementations") var implementationOptions: ImplementationOptions
    /// Default: ``standardWorkloads``.
    @OptionGroup(title: "Workloads") var workloadOptions: WorkloadOptions
    @OptionGroup(title: "Policies") var policyOptions: PolicyOptions
    @OptionGroup(title: "Judgement") var judgement: JudgementOptions
    @OptionGroup(title: "Evidence") var evidence: EvidenceOptions

    /// The lists as the gate's checks and its benches use them: split, one item each.
    var implementations: [String] { implementationOptions.names }
    var workloads: [String] { workloadOptions.specifications }
    var instructionWorkloads: [String] { instructionWorkloadValues.flatMap(WorkloadList.split) }
    var instructionImplementations: [String] { CommaList.names(instructionImplementationValues) }
    /// The policies as one comma list, as `bench --policy` takes them; nil without `--policy`.
    var policy: String? {
        policyOptions.specifications.isEmpty ? nil : policyOptions.specifications.joined(separator: ",")
    }
    /// The folder of base.csv and head.csv (`--out-dir`).
    var out: String? { outDir }

    /// 20: with n pairs the exact signed-rank test's smallest p is 2 / 2^n and Holm's strictest
    /// level over the standard shape's 54 comparisons is 0.05 / 54, so at 10 pairs no wall-time row
    /// could ever be significant; at 16 a few pairs going the other way (outlying processes)
    /// already hid a real slowdown above the floor (a pilot of Lab/gate-campaign; its figures are
    /// in results/README.md, "Figures the documentation used to show"); 20 rides out more of them
    /// (results/gate/campaign).
    @Option(
        parsing: .unconditional,
        help: """
            Samples per cell and side, 6 to 100000. Fewer than the default leave the standard shape's \
            Holm-corrected rows unable to reach significance.
            """)
    var samples = 20

    @Option(
        help: """
            CPU list every wall-time sample runs on (bench --pin), off to run free, or auto: the last CPU \
            on a machine with at least 2. On a machine shared with other jobs the pinned CPU is shared too: \
            use off there.
            """)
    var pin = "auto"

    @Option(help: "The verdict's format: text, or markdown for a CI job summary.")
    var format = GateFormat.text

    @Option(
        help: ArgumentHelp(
            "The directory for base.csv, head.csv and instructions/ (each file written as bench --out writes one); default: a temporary directory, printed.",
            valueName: "directory"))
    var outDir: String?

    /// `--out` was the gate's folder; it names a file in every other command, so the folder is
    /// `--out-dir` here too. Kept, hidden, to tell a CI script that still says `--out` what to write.
    @Option(name: .customLong("out"), help: .hidden)
    var renamedOut: String?

    /// The gate fails closed by default (exit 6) when the budget ends with a row blind to the
    /// floor: under load most rows with real slowdowns above the floor ended INCONCLUSIVE and the
    /// gate passed them (results/gate/aa/README.md). This is the explicit way to accept that.
    @Flag(
        help: """
            Pass (exit 0) even when a throughput row cannot detect the required change when the budget \
            ends (default: exit 6). Ignored with an explicit --require-detectable.
            """)
    var allowBlind = false

    /// The floor: a cell that cannot detect a change as large as the floor calls a real regression
    /// just over it INCONCLUSIVE, or reads it under the floor. `lock` `noop` cannot at 20 pairs
    /// when the machine is loaded or its contention shifts: a planted 10 % was missed in some runs
    /// at a fixed 20 pairs and caught in nearly every run with rounds until it could see 7 %
    /// (results/gate/campaign/README.md, lock-10-until-floor-family).
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            """
            After --samples rounds, keep adding rounds (4 at a time) to each cell whose throughput row cannot \
            yet detect this change with 80% power, until every cell can or --budget is spent: a percentage, \
            floor (the --threshold) or off.
            """, valueName: "percent"))
    var untilDetectable = "floor"

    /// 10 minutes: on a quiet runner whose noise the defaults were not tuned on, the extra rounds'
    /// plan asked several times the 2 minutes the budget once was, and an A/A gate failed closed on
    /// a change of nothing (results/gate/days/README.md). A CI job affords 10; rows that see the
    /// floor sooner stop sooner, so a steady runner's gate does not get longer.
    static let defaultBudget = "10m"

    /// Optional so that a `--time-limit` shorter than the default budget, given alone, halves itself
    /// into one rather than being refused for a budget the user never wrote.
    @Option(
        help: ArgumentHelp(
            """
            Time the wall channel may spend on --until-detectable's extra rounds, 1s to 7 days (90s, 10m). \
            Default: \(defaultBudget), or half of a shorter --time-limit.
            """, valueName: "duration"))
    var budget: String?

    @Option(
        help: ArgumentHelp(
            """
            A headline row the wall channel cannot see at the floor still counts as covered when the \
            instruction channel sees its own floor (2 %) for that implementation and the wall channel sees \
            this much (waiting, which instructions cannot see). Ignored with an explicit --require-detectable.
            """, valueName: "percent"))
    var waitingFloor = PercentOption(argument: "25%")

    @Flag(
        help: """
            Gate the reference implementations too (foundation and dispatch; in a tool of your own, \
            QueueLab's lock and actor as well). Default: without --impl they are sampled for --samples \
            rounds and reported beside the verdict, not gated.
            """)
    var gateReferences = false

    /// Per-stage knobs (--budget, --sample-timeout) do not bound the whole: the first rounds, the
    /// instruction channel and the comparisons come on top. A CI job wants one number.
    @Option(
        help: ArgumentHelp(
            """
            Time for both channels together (sampling and comparing; builds not counted), 1s to 7 days, \
            e.g. 30m. A child still running then is stopped, and what it did not finish is NOT MEASURED \
            (exit 4). A --budget given with it must be shorter; without one, the budget is \(defaultBudget) or half of \
            this, whichever is shorter.
            """, valueName: "duration"))
    var timeLimit: String?

    @Option(help: "The instruction-count channel: auto (on when valgrind is on PATH), on or off.")
    var instructions = InstructionChannel.auto

    @Option(
        name: .customLong("instruction-workload"),
        help: ArgumentHelp(
            "Workloads of the instruction channel, comma-separated or repeated, as --workload; default: \(instructionWorkloads.joined(separator: " ")).",
            valueName: "workload,..."))
    var instructionWorkloadValues: [String] = []

    @Option(
        name: .customLong("instruction-impl"),
        help: ArgumentHelp(
            "Implementations of the instruction channel, comma-separated or repeated; default: the wall run's, less foundation and dispatch.",
            valueName: "name,..."))
    var instructionImplementationValues: [String] = []

    /// 16: a Callgrind count is steady but for `actor` `chain`, whose count follows how the actor's
    /// scheduler batches finishes (part of its spread was the harness's histogram sets, now out of
    /// the count). At 12 a side a planted 5 % was sometimes missed there (INCONCLUSIVE, the
    /// interval reaching under the 2 % floor), at 16 never; every other cell was caught every time
    /// at 12 (results/gate/campaign/README.md).
    @Option(
        parsing: .unconditional,
        help: "Samples per cell and side of the instruction channel, 6 to 100000.")
    var instructionSamples = 16

    @Option(
        help:
            "Where builds (the last \(GateBinaryCache.capacity) executables, and a build tree per repository) are kept, or off. Default: ~/.cache/queuelab-gate."
    )
    var cache: String?

    func validate() throws {
        if let renamedOut {
            throw ValidationError(
                "gate --out \(renamedOut): the gate's folder is --out-dir (--out names a file in every command)")
        }
    }

    func run() throws {
        let checked: CheckedGate
        do {
            checked = try CheckedGate(self)
        } catch {
            finish(.badInput, message: error.description)
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("queuelab-gate.\(getpid())").path
        // Interrupted or terminated, the gate ends its builds and benches (and they their samples),
        // and leaves neither its temporary build tree nor, without --out, its temporary results.
        SignalCleanup.install()
        // Results asked for with --out-dir are elsewhere: everything in the scratch folder is temporary.
        SignalCleanup.onStop { try? FileManager.default.removeItem(atPath: scratch) }
        let builds: GateBuilds
        do {
            builds = try GateBuilds(
                directory: FileManager.default.currentDirectoryPath, product: checked.product, scratch: scratch,
                cache: checked.cache)
        } catch {
            finish(error.status, message: error.description)
        }
        guard let commit = builds.commit(of: baseRef) else {
            finish(.badInput, message: "'\(baseRef)' is not a commit of \(builds.root)")
        }
        let status: GateStatus
        do {
            try builds.resolve()
            let base = try builds.base(commit: commit, reference: baseRef)
            let head = try builds.head()
            status = try GateRun(
                checked: checked, base: base, head: head, out: checked.out ?? "\(scratch)/results",
                baseCommit: String(commit.prefix(12)),
                headCommit: RunMetadata.gitCommit(containing: builds.root + "/Package.swift")
            ).run()
        } catch {
            builds.removeTemporaryTree()
            finish(error.status, message: error.description)
        }
        builds.removeTemporaryTree()
        finish(status, message: nil)
    }

    /// Cleans up nothing (callers do), prints the exit-status legend and exits. Bad input is the
    /// one line naming it, as in every other command.
    private func finish(_ status: GateStatus, message: String?) -> Never {
        // A signal may have ended the child whose failure brought us here: the process then dies
        // of that signal once its handler is done, rather than exit with a status of its own.
        LiveChildren.parkIfStopping()
        if status == .badInput { exitBadInput(message ?? "bad input") }
        if let message {
            gateProgress(message)
            GateSummary(failure: GateFailure(status: status, description: message)).print(format: format.rawValue)
        }
        gateProgress("exit \(status.rawValue) (\(GateStatus.legend))")
        Foundation.exit(status.rawValue)
    }
}
