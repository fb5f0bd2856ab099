import ArgumentParser
import Foundation
import QueueLabBenchmarks
import QueueLabCore
import QueueLabInvestigation
import QueueLabRegistry

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract:
            "Explain where a run's time went: each operation's life split into phases, the critical path, slot use.",
        discussion: """
            Every finished operation's life, from entering the queue's add call to finished, is split into phases that add up to it: add-call (in the queue's add call, before the queue recorded it), dependencies (pending until ready), suspended (ready, its queue suspended by its owner), slot-wait (ready, every slot of its queue busy), held-back (ready, a slot free, the policy started other work), queue-overhead (ready, a slot free, nothing else started: the queue's wake-up and hand-off), hand-off (executing to the body's first instruction), body, release (body end to finished), cancelled (ready to finished without running). The report sums them per priority and per queue (totals, p50 and p99, the operations that waited longest), walks the critical path back from the last finish (through the dependency that finished last, or the finish that freed the slot an operation waited for) and, per priority, the path within that class's slowest operation's life (lower-priority operations on a high-priority one's path are an inversion), and shows each queue's busy slots over time and the capacity lost (slot-time free while work was ready). Completion handlers run after finished and are not in the trace.

            Either run a workload here (--impl, --policy, --workload as in trace, at trace size unless parameters are given) or read a file written by trace --format transitions (--trace). Two runs (two --trace, two --impl or two --policy) print the same figures side by side with the ratio B/A.

            --format json writes the schema queuelab-explain/2 (one run) or queuelab-explain-comparison/1 (two). --format html writes a self-contained page (inline SVG and CSS, no script, no network): the report's explain section, with each queue's utilisation timeline, the critical path drawn link by link and the phase split per class, for one run or two side by side (report --explain puts the same section in a benchmark report).

            The add-call phase (entering the queue's add call to the operation's first transition) and the producers' side (time inside the add calls, and slot-time free with nothing ready while an add call was in progress: capacity lost to the add path, counted in the queue overhead per operation) need a trace with add calls (queuelab-transitions/2 or later), and the suspended phase one with suspensions (queuelab-transitions/3); older files are still read, without them.

            \(HelpText.examples(["\(ToolName.current) explain --impl lock --workload chain", "\(ToolName.current) explain --impl lock --policy strict,inherit --workload inversion", "\(ToolName.current) trace --impl actor --workload dag --format transitions --out dag.txt", "\(ToolName.current) explain --trace dag.txt --format json", "\(ToolName.current) explain --trace base.txt --trace head.txt"]))

            \(HelpText.exitStatus([(0, "explained"), (1, "the run failed (stall, unsupported workload)"), (2, "bad input: a missing or unreadable trace file, a Chrome trace or another file without the recorded run, an unknown implementation, workload or policy, more than two runs, --trace together with --impl or --workload"), (74, "the work was done but its output (a file, or standard output) could not be written")]))
            """
    )

    @OptionGroup(title: "Implementation") var implementationOptions: ImplementationOptions
    @OptionGroup(title: "Policy") var policyOptions: PolicyOptions
    @OptionGroup(title: "Workload") var workloadOptions: WorkloadOptions

    @Option(
        name: .customLong("trace"),
        help: ArgumentHelp("A file written by trace --format transitions; give two to compare.", valueName: "file"))
    var traces: [String] = []

    @Option(help: "text: the report; json: the explanation as JSON; html: a self-contained page.")
    var format: ExplainFormat = .text

    @Option(parsing: .unconditional, help: "Time buckets of the utilisation timeline, 1 to 1000.")
    var buckets = 40

    @OptionGroup var drain: DrainTimeoutOption

    func validate() throws {
        try CountOption.check("--buckets", buckets, 1...1_000)
        let implementations = implementationOptions.names.count
        let policies = policyOptions.specifications.count
        let workloads = workloadOptions.specifications.count
        if !traces.isEmpty {
            guard implementations == 0, policies == 0, workloads == 0 else {
                throw ValidationError("explain takes --trace or --impl/--policy/--workload, not both")
            }
            guard traces.count <= 2 else {
                throw ValidationError("explain compares two runs at most, got \(traces.count) --trace")
            }
            return
        }
        guard implementations == 1 || (implementations == 2 && policies <= 1) else {
            throw ValidationError("explain takes one --impl, or two to compare, got \(implementations)")
        }
        guard policies <= 1 || (policies == 2 && implementations == 1) else {
            throw ValidationError("explain takes one --policy, or two to compare with one --impl, got \(policies)")
        }
        guard workloads == 1 else { throw ValidationError("explain takes one --workload, got \(workloads)") }
    }

    func run() throws {
        for path in traces where !FileManager.default.isReadableFile(atPath: path) {
            exitBadInput("cannot read \(path): no such file or not readable")
        }
        // One run at a time from a file: each is let go once explained, so two large traces never
        // sit in memory together.
        let explanations =
            traces.isEmpty
            ? try recordedRuns().map { RunExplanation($0, buckets: buckets) }
            : traces.map { RunExplanation(TraceFile.read($0), buckets: buckets) }
        switch (format, explanations.count) {
        case (.text, 1): print(explanations[0].text())
        case (.text, _): print(ExplanationComparison(explanations[0], explanations[1]).text())
        case (.json, 1): try printJSON(explanations[0])
        case (.json, _): try printJSON(ExplanationComparison(explanations[0], explanations[1]))
        case (.html, _):
            let names = traces.isEmpty ? explanations.map(\.title) : traces
            let source = names.joined(separator: " and ")
            print(HTMLReport.explainPage(explanations, source: source), terminator: "")
        }
    }

    private func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        // Through C's buffered standard output, as every other line, so that the check at exit
        // sees a failed write.
        print(String(decoding: try encoder.encode(value), as: UTF8.self), terminator: "")
        print()
    }

    /// Runs the workload once per implementation or policy given.
    private func recordedRuns() throws -> [RecordedRun] {
        let parsed: Workload
        let cells: [(implementation: String, policy: String?)]
        do {
            parsed = try TraceRun.workload(parsing: workloadOptions.specifications[0])
            ReplayWarning.announce([parsed])
            let policies = try ToolImplementations.registry.policySpecifications(policyOptions.specifications)
            let names = implementationOptions.names
            if policies.count == 2 {
                cells = policies.map { (implementation: names[0], policy: Optional($0)) }
            } else {
                cells = names.map { (implementation: $0, policy: policies.first) }
            }
        } catch let error as WorkloadParseError {
            exitBadInput(error.description)
        } catch {
            exitBadInput("\(error)")
        }
        var runs: [RecordedRun] = []
        for cell in cells {
            let recipe: any QueueRecipe
            do {
                recipe = try ToolImplementations.registry.recipe(named: cell.implementation, policy: cell.policy)
            } catch {
                exitBadInput("\(error)")
            }
            do {
                let (run, note) = try TraceRun.recordRun(recipe, workload: parsed, drainTimeout: drain.duration)
                if let note, format == .text { print("note: \(note)") }
                runs.append(run)
            } catch {
                FileHandle.standardError.write(Data("error: \(error)\n".utf8))
                throw ExitCode(1)
            }
        }
        return runs
    }
}
