import ArgumentParser
import Foundation
import QueueLabBenchmarks
import QueueLabConformance
import QueueLabCore
import QueueLabRegistry
import QueueLabScheduling

struct ConformCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conform",
        abstract: "Run the conformance suite: a verdict per check and implementation.",
        discussion: """
            Without --impl the full queues run (not the dispatch floor; with --policy, those that take one); without --check every check.

            Prints a table of checks by implementation (PASS, FAIL, STALE, UNSUPPORTED, UNDERPOWERED, \
            CRASH, and KNOWN: a FAIL or STALE the implementation declares as a known deviation, which \
            does not fail the run), then the evidence of every FAIL, STALE, CRASH and KNOWN with the command that replays \
            it, the reason for every UNSUPPORTED, every check short of its power and every policy \
            promise no check verified. A failing random scenario is shrunk first; the report shows \
            the smallest one that still fails.

            UNDERPOWERED: nothing forbidden was seen, but too few races landed for the check's floor \
            (once.cancel-race, cancel.race: the landed count and the floor reached are in the \
            summary). CRASH: the queue ended the process running the check (a trap, a signal): the \
            checks of each implementation run in a child process of this executable, so the check \
            that was running gets CRASH with the signal and the child's first lines of standard \
            error, and a fresh child goes on with the rest (--in-process turns this off). A child \
            reports every few seconds that its check's queues move; one silent for three time \
            bounds and a few minutes (215 s at stress), or whose check moved past eight times that, \
            is killed and its check is STALE, with the reason. Children end with this process.

            --seeds runs a campaign: each check once per seed, then per check a tally of verdicts \
            and every outcome that is not PASS with its replay line.

            With --policy, each policy runs over each implementation (columns such as \
            lock[aging(step=2ms)]). A policy declares the orderings it promises; the ordering checks \
            it does not promise are UNSUPPORTED with the reason, and every other check must pass \
            under every policy. Policies are `name` or `name:key=value,...` (see `\(ToolName.current) list`); \
            in a comma-separated list a new policy starts at every item that is not a key=value, so \
            `--policy aging:step=2ms,fifo` is two policies. Every list option (--impl, --policy, --check) takes a comma list and repetition alike.

            \(HelpText.exitStatus([(0, "every outcome is PASS, UNSUPPORTED, UNDERPOWERED or KNOWN (Foundation's cycle deadlock is a PASS that says so)"), (1, "some check FAILed, went STALE or CRASHed; with --require-power, some check was UNDERPOWERED; with --require-verified-promises, some policy promise went unverified; with --require-clause-coverage, a model check left a clause unexercised"), (2, "bad input, before anything runs: unknown implementation, check, level or policy, a bad policy parameter, a policy for an implementation without a policy seam (foundation, dispatch); the message lists the valid ones. Or a --junit file that cannot be written (a missing folder is made). Or a time bound out of range"), (74, "the work was done but its output (a file, or standard output) could not be written (--junit follows the rules of every output: a file output is written whole at the end: a regular file (or a new path) replaced atomically, a device, FIFO or socket written through, never replaced, a symbolic link followed)")]))

            \(HelpText.examples(["\(ToolName.current) conform --level quick", "\(ToolName.current) conform --impl lock,foundation --check cycle --junit conform.xml", "\(ToolName.current) conform --impl lock --check deps.random-dag --seed 42 --level default", "\(ToolName.current) conform --format json > conform.json", "\(ToolName.current) conform --level quick --time-bound 30   # a loaded CI machine", "\(ToolName.current) conform --impl lock,actor --policy strict,fifo,aging,weighted,lifo", "\(ToolName.current) conform --policy aging:step=2ms,weighted:weights=1:1:2:4:8 --check priority", "\(ToolName.current) conform --impl actor --check deps.late --level default --seeds 1-5000", "\(ToolName.current) conform --impl lock --check once.cancel-race --level default --require-power", "\(ToolName.current) conform --impl lock --policy aging --require-verified-promises", "\(ToolName.current) conform --impl lock --check model --level default --require-clause-coverage"]))
            """
    )

    /// Default: the full queues, not the `dispatch` floor (with --policy, those that take one).
    @OptionGroup(title: "Implementations") var implementationOptions: ImplementationOptions
    @OptionGroup(title: "Policies") var policyOptions: PolicyOptions
    @OptionGroup(title: "Checks") var checkOptions: CheckOptions

    @Option(name: .long, help: "quick (CI, well under a minute), default, or stress (minutes).")
    var level = ConformanceLevel.quick

    @Option(
        name: .long, parsing: .unconditional,
        help: "The seed every random choice derives from; a failure prints the one that replays it.")
    var seed: UInt64 = 1

    @Option(
        name: .long, parsing: .unconditional,
        help: """
            A campaign: run each selected check once per seed, e.g. 1-5000 or 3,17,40-45 (instead of \
            --seed). Prints per check a tally of verdicts and every outcome that is not PASS with its \
            replay line.
            """)
    var seeds: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: """
            Seconds each check may take before it ends STALE (default: the level's, 4 / 8 / 30). \
            Raise it on a loaded machine: a passing check never waits for it.
            """)
    var timeBound: Double?

    @Option(name: .long, help: "Also write a JUnit XML report to this file.")
    var junit: String?

    @Option(name: .long, help: "text (table and evidence) or json.")
    var format = ConformFormat.text

    @Flag(
        name: .long,
        help: "Fail the run (exit 1) when a check is UNDERPOWERED: too few of its races landed for its floor.")
    var requirePower = false

    @Flag(
        name: .long,
        help: """
            Fail the run (exit 1) when a promise a --policy declares went unverified: no check that \
            needs it PASSed (UNSUPPORTED, UNDERPOWERED, failed, or not selected by --check).
            """)
    var requireVerifiedPromises = false

    @Flag(
        name: .long,
        help: """
            Exit 1 when a model-based check (model.*) passed without exercising every clause of the \
            contract it could on the queue: the clauses it never reached are listed after the table.
            """)
    var requireClauseCoverage = false

    @Flag(
        name: .long,
        help: """
            Run the checks in this process instead of child processes (for a debugger): a queue that \
            traps then ends the whole run, without a report.
            """)
    var inProcess = false

    @Flag(name: .long, help: "List the checks with their descriptions and required capabilities, then exit.")
    var listChecks = false

    func validate() throws {
        if let junit, !listChecks { try OutputPath.check(junit, option: "--junit") }
    }

    func run() throws {
        if listChecks {
            for check in Check.all {
                let promises =
                    check.promiseRequirement.alternatives.isEmpty ? "" : "; promises: \(check.promiseRequirement)"
                print("\(check.id)  \(check.summary)  [needs: \(check.requirements)\(promises)]")
            }
            return
        }
        let (queues, checks, chosenLevel) = try resolve()
        let seedList: SeedList
        do {
            seedList = try seeds.map(SeedList.init) ?? SeedList(single: seed)
        } catch {
            fail("\(error)")
            throw ExitCode(2)
        }
        let text = format == .text
        let progress = ConformProgress(
            enabled: text, total: queues.count * checks.count * seedList.seeds.count, campaign: seedList.seeds.count > 1
        )
        var report =
            inProcess
            ? runInProcess(queues, checks, chosenLevel, seedList, progress)
            : runIsolated(queues, checks, chosenLevel, seedList, progress)
        // A replay must name the tool that ran: a third party's executable, not `queuelab`.
        report.tool = (CommandLine.arguments[0] as NSString).lastPathComponent
        let campaign = seedList.seeds.count > 1
        print(text ? (campaign ? report.campaignText() : report.text()) : report.json())
        if let junit {
            do {
                try OutputFile.write(Data(report.junitXML().utf8), to: junit)
            } catch {
                OutputFailure.exit(error)
            }
        }
        if !report.isSuccess { throw ExitCode(1) }
        if requirePower && !report.shortOfPower.isEmpty { throw ExitCode(1) }
        if requireVerifiedPromises && !report.unverifiedPromises.isEmpty { throw ExitCode(1) }
        if requireClauseCoverage && !report.unexercisedClauses.isEmpty { throw ExitCode(1) }
    }

    /// Each implementation's checks in child processes of this executable (``IsolatedConformRun``).
    private func runIsolated(
        _ queues: [any QueueRecipe], _ checks: [Check], _ level: ConformanceLevel, _ seeds: SeedList,
        _ progress: ConformProgress
    ) -> ConformanceReport {
        let start = MonotonicClock.now()
        let isolated = IsolatedConformRun(
            executable: RunMetadata.currentExecutable(), level: level, checks: checks, seeds: seeds,
            timeBound: timeBound, progress: progress.report)
        var outcomes: [CheckOutcome] = []
        for recipe in queues { outcomes += isolated.outcomes(of: recipe) }
        return report(outcomes, queues, checks, level, seeds, since: start)
    }

    /// Each check in this process, as ``ConformanceSuite`` runs them for a library user.
    private func runInProcess(
        _ queues: [any QueueRecipe], _ checks: [Check], _ level: ConformanceLevel, _ seeds: SeedList,
        _ progress: ConformProgress
    ) -> ConformanceReport {
        let start = MonotonicClock.now()
        var outcomes: [CheckOutcome] = []
        for recipe in queues {
            for check in checks {
                for seed in seeds.seeds {
                    let configuration = ConformanceConfiguration(
                        level: level, seed: seed, checks: [check],
                        timeBound: timeBound.map { .milliseconds(Int64($0 * 1_000)) })
                    let outcome = ConformanceSuite.run(check, on: recipe, configuration: configuration)
                    progress.report(outcome)
                    outcomes.append(outcome)
                }
            }
        }
        return report(outcomes, queues, checks, level, seeds, since: start)
    }

    private func report(
        _ outcomes: [CheckOutcome], _ queues: [any QueueRecipe], _ checks: [Check], _ level: ConformanceLevel,
        _ seeds: SeedList, since start: UInt64
    ) -> ConformanceReport {
        var report = ConformanceReport(
            outcomes: outcomes, implementations: queues.map(\.label), checks: checks.map(\.id), seed: seeds.seeds[0],
            level: level.rawValue, seconds: Double(MonotonicClock.now() - start) / 1e9)
        for recipe in queues { report.declare(recipe) }
        return report
    }

    private func resolve() throws -> ([any QueueRecipe], [Check], ConformanceLevel) {
        let chosenLevel = level
        if let timeBound, !(timeBound > 0 && timeBound <= 3_600) {
            fail("--time-bound must be a number of seconds above 0 and at most 3600, not \(timeBound)")
            throw ExitCode(2)
        }
        let policies = policyOptions.specifications
        let given = implementationOptions.names
        let names =
            !given.isEmpty
            ? given
            : (policies.isEmpty
                ? ToolImplementations.registry.queues.map { $0.implementationName }
                : ToolImplementations.registry.policyTakers)
        // Every recipe is made (and so every name and parameter checked) before anything runs.
        var queues: [any QueueRecipe] = []
        for specification in policies.isEmpty ? [nil] : policies.map(Optional.some) {
            for name in names {
                do {
                    queues.append(try ToolImplementations.registry.recipe(named: name, policy: specification))
                } catch {
                    fail("\(error)")
                    throw ExitCode(2)
                }
            }
        }
        var checks: [Check] = []
        for selector in checkOptions.selectors {
            let matched = Check.matching(selector)
            guard !matched.isEmpty else {
                fail("unknown check '\(selector)'; valid: \(Check.all.map(\.id).joined(separator: ", "))")
                throw ExitCode(2)
            }
            checks += matched.filter { candidate in !checks.contains(candidate) }
        }
        return (queues, checks.isEmpty ? Check.standard : checks, chosenLevel)
    }

    /// Bad input: one line on standard error, exit status 2 (the `throw`s after it are never reached).
    private func fail(_ message: String) {
        exitBadInput(message)
    }
}
