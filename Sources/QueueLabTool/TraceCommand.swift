import ArgumentParser
import Foundation
import QueueLabBenchmarks
import QueueLabCore
import QueueLabInvestigation
import QueueLabRecorder
import QueueLabRegistry

struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract:
            "Run one workload on one implementation and write its state changes as a Chrome trace (Perfetto, chrome://tracing).",
        discussion: """
            The JSON is in the Chrome Trace Event format: a lane per thread, a slice per operation from start to finish (its name, priority and queue wait in the slice's arguments), dependencies as flow arrows from a dependency's end to its dependent's start, cancellations as instant events. Open it at ui.perfetto.dev (Open trace file) or chrome://tracing (Load).

            --format recording runs the workload with QueueLabRecorder on its queues and writes a queuelab-recording/2 file (/3 with --body-clock thread-cpu), which \(ToolName.current) bench --workload 'replay:file=FILE' replays.

            --format transitions writes the recorded run itself instead (schema queuelab-transitions/3, one record a line: the queues, their widths and when they were suspended, each operation's queue, when the add call that added it was entered and returned, its dependencies and the start and end its body stamped, every transition; explain still reads version 2 files, which lack the suspensions, and version 1 files, which also lack the add calls), which \(ToolName.current) explain --trace reads.

            Without parameters a workload runs at trace size (a few hundred operations, e.g. chain n=200); give parameters to change that. Foundation's dependency workloads are capped as in bench. --impl, --policy and --workload take one value each here (the list options of bench, with one item).

            \(HelpText.examples(["\(ToolName.current) trace --impl lock --workload chain --out chain.json", "\(ToolName.current) trace --impl actor --workload 'fanout:k=8;rounds=3' --out fanout.json", "\(ToolName.current) trace --impl foundation --workload cancel --out cancel.json", "\(ToolName.current) trace --impl lock --policy aging:step=2ms --workload priority --out aging.json", "\(ToolName.current) trace --impl lock --workload chain --format transitions --out chain.txt"]))

            \(HelpText.exitStatus([(0, "written"), (1, "the run failed (stall, unsupported workload)"), (2, "bad input, before anything runs: an unknown implementation, workload or policy, a policy given to foundation or dispatch, more than one of any, an --out that cannot be written (a missing folder of --out is made)"), (74, "the work was done but its output (a file, or standard output) could not be written")]))

            A file output is written whole at the end: a regular file (or a new path) replaced atomically, a device, FIFO or socket written through, never replaced, a symbolic link followed.
            """
    )

    @OptionGroup(title: "Implementation") var implementationOptions: ImplementationOptions
    @OptionGroup(title: "Policy") var policyOptions: PolicyOptions
    @OptionGroup(title: "Workload") var workloadOptions: WorkloadOptions

    @Option(help: ArgumentHelp("The file to write, e.g. trace.json.", valueName: "file"))
    var out: String

    @Option(
        help: ArgumentHelp(
            "chrome: a Chrome trace for a viewer; transitions: the recorded run, for explain --trace; "
                + "recording: a queuelab-recording/2 file (/3 with --body-clock thread-cpu), for bench --workload replay."
        ))
    var format: TraceFormat = .chrome

    @Option(
        help: ArgumentHelp(
            "With --format recording: wall records each body's wall time; thread-cpu also its thread's CPU "
                + "time (a queuelab-recording/3 file; two more clock readings an operation), which a spinning "
                + "replay runs instead, so that the time the body waited for a core is not replayed as work.",
            valueName: "clock"))
    var bodyClock: BodyClockOption = .wall

    @OptionGroup var drain: DrainTimeoutOption

    func validate() throws {
        for (option, values) in [
            ("--impl", implementationOptions.names), ("--workload", workloadOptions.specifications),
        ] where values.count != 1 {
            throw ValidationError("trace takes one \(option), got \(values.count)")
        }
        if policyOptions.specifications.count > 1 {
            throw ValidationError("trace takes one --policy, got \(policyOptions.specifications.count)")
        }
        if bodyClock != .wall && format != .recording {
            throw ValidationError("--body-clock is for --format recording")
        }
        try OutputPath.check(out, option: "--out")
    }

    func run() throws {
        let recipe: any QueueRecipe
        let parsed: Workload
        let implementation = implementationOptions.names[0]
        let workload = workloadOptions.specifications[0]
        do {
            let specifications = try ToolImplementations.registry.policySpecifications(policyOptions.specifications)
            recipe = try ToolImplementations.registry.recipe(named: implementation, policy: specifications.first)
        } catch {
            fail("\(error)")
        }
        do {
            parsed = try TraceRun.workload(parsing: workload)
        } catch {
            fail(error.description)
        }
        ReplayWarning.announce([parsed])
        if format == .recording { return record(recipe, parsed) }
        do {
            let (run, note) = try TraceRun.recordRun(recipe, workload: parsed, drainTimeout: drain.duration)
            if let note { print("note: \(note)") }
            if format == .transitions {
                try run.writeTransitions(to: URL(fileURLWithPath: out))
                print("wrote \(out): \(run.queueOf.count) operations, \(run.transitions.count) transitions")
                return
            }
            let trace = ChromeTraceBuilder.build(run)
            try OutputFile.write(trace.json(), to: out)
            let data = trace.otherData
            print(
                "wrote \(out): \(data["operations"] ?? "?") operations, \(data["threads"] ?? "?") threads, "
                    + "\(data["dependency_arrows"] ?? "0") dependency arrows, \(trace.traceEvents.count) events")
        } catch let error as SampleError {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(1)
        } catch let error as OutputFileError {
            OutputFailure.exit(error)
        } catch {
            fail("cannot write \(out): \(error.localizedDescription)")
        }
    }

    /// `--format recording`: the workload run with QueueLabRecorder on its queues. The recorder
    /// appends to its file as the run goes, so it records into a scratch file of this process's
    /// own, which then reaches `--out` by the rules every output follows (``OutputFile``): the
    /// target is never seen half written, and a device or FIFO is written through.
    private func record(_ recipe: any QueueRecipe, _ workload: Workload) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "queuelab-trace.\(getpid()).\(UUID().uuidString).recording"
        ).path
        SignalCleanup.install()
        SignalCleanup.onStop { unlink(scratch) }
        defer { unlink(scratch) }
        let recording: Recording
        do {
            let note: String?
            (recording, note) = try WorkloadRecording.record(
                recipe, workload: workload, to: scratch, bodyClock: bodyClock.clock, drainTimeout: drain.duration)
            if let note { print("note: \(note)") }
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            unlink(scratch)
            Foundation.exit(1)
        }
        do {
            try OutputFile.copy(from: scratch, to: out)
        } catch {
            unlink(scratch)
            OutputFailure.exit(error)
        }
        print(
            "wrote \(out): \(recording.operations.count) operations on \(recording.queues.count) queues, "
                + "makespan \(Double(recording.makespan) / 1e6) ms, \(recording.droppedEvents) events dropped")
    }

    /// Bad input: one line on standard error, exit status 2.
    func fail(_ message: String) -> Never {
        exitBadInput(message)
    }
}
