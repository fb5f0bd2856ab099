import ArgumentParser
import Foundation
import QueueLabBenchmarks
import QueueLabCore
import QueueLabInvestigation
import QueueLabScheduling
import QueueLabSimulation

struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Simulate workloads on the real state machine and policies, in virtual time, at any width.",
        discussion: """
            A deterministic discrete-event simulation: the lock queue's QueueStateMachine with the real policy objects decides every start, the real dependency graph releases dependents, bodies take the workload's own drawn durations, and the queue's own costs (per-operation overhead, the wake-up of an idle worker, the hand-off to dependents) come from a calibration. Same seed, same result, bit for bit.

            \(HelpText.examples(["\(ToolName.current) simulate --workload makespan --policy strict,fifo,critical-path --width 1,2,4,8,16,32,64", "\(ToolName.current) simulate --workload 'open:rate=15000;service=exp:50us' --width 1,2,4 --seeds 1-10 --out sim.csv", "\(ToolName.current) simulate --workload dag --policy critical-path --width 16 --cores 4 --calibration my.calibration", "\(ToolName.current) simulate --workload makespan --policy strict,critical-path --width 1,2 --seeds 1-10 --validate", "\(ToolName.current) simulate --calibrate --impl actor --out actor.calibration"]))

            Workloads: \(SimulationShape.simulatedKinds.map(\.rawValue).joined(separator: ", ")). Rows have bench's columns, with implementation sim:IMPL and build_config sim:CALIBRATION, so compare and report read them; cores is the simulated core count.

            Calibration: a queuelab-calibration/1 file (first line the version comment '# queuelab-calibration/1', then key = value lines, each key once: name, implementation, overhead_ns, wakeup_ns, handoff_ns, and optionally add_ns, make_ns and edge_ns, the producer's costs, stall_per_s with stall_ns and stall_tail_per_s with stall_tail_ns, the machine's stalls, and spawn_ns, how long each worker after a run's first waits for a core of its own, all of which --calibrate measures); default: \(SimulationCalibration.sampleLockVM2.name), built in: a sample of one machine (lock on a shared 2-core VM); on yours, measure one with --calibrate.

            \(HelpText.exitStatus([(0, "every cell simulated"), (1, "--calibrate: the bench child failed"), (2, "bad input (a width or core count below 1, a calibration that does not parse or has a negative cost, an unknown policy, a workload the simulator cannot express, --calibrate without a known --impl, an --out that cannot be written; a missing folder is made), before anything runs"), (74, "the work was done but its output (a file, or standard output) could not be written")]))

            A file output is written whole at the end: a regular file (or a new path) replaced atomically, a device, FIFO or socket written through, never replaced, a symbolic link followed.
            """
    )

    @OptionGroup(title: "Workloads") var workloadOptions: SimulatedWorkloadOptions
    @OptionGroup(title: "Policies") var policyOptions: PolicyOptions

    @Option(
        help: ArgumentHelp("Widths to sweep, comma-separated or repeated (default: 2).", valueName: "width,..."))
    var width: [String] = []

    @Option(
        parsing: .unconditional, help: "Simulated cores, 1 to 4096 (default: each width's own: as many as the width).")
    var cores: Int?

    @Option(
        parsing: .unconditional,
        help: "Seeds for workloads that draw (makespan, dag, open): 1-10 or 3,17 (default: the workload's own).")
    var seeds: String?

    @Option(
        help: ArgumentHelp(
            "A calibration, as simulate --calibrate writes it (see Calibration below).",
            valueName: "file"))
    var calibration: String?

    @Option(
        help: ArgumentHelp(
            "The CSV file to write, overwritten (with --calibrate: the calibration).", valueName: "file.csv"))
    var out: String?

    @Flag(
        help: """
            Also measure every cell this machine can run (width up to its cores) with bench on the \
            calibration's implementation, print each figure's error, and write the measured rows to --out too.
            """)
    var validate = false

    @Option(parsing: .unconditional, help: "bench samples per cell with --validate, 1 to 1000.")
    var validationSamples = 5

    @Flag(
        help: """
            With --validate, simulate with the calibration's stalls as they are. By default a calibration \
            with stalls gets the machine's stalls measured again just before (10 s), so that the \
            simulation and the measurement see the same minutes of a shared machine.
            """)
    var keepCalibrationStalls = false

    @Flag(
        help: """
            Measure a calibration instead of simulating: bench of --impl on noop, chain, ping and makespan \
            (width 1; width 2 for the start-up, spawn_ns) in child processes, then the machine's stalls, the \
            figures written to --out (default: standard output).
            """)
    var calibrate = false

    @Option(help: ArgumentHelp("The implementation --calibrate measures.", valueName: "name"))
    var impl: String?

    @Option(
        parsing: .unconditional,
        help: "bench samples per workload with --calibrate, 1 to 1000 (three times as many for the start-up).")
    var calibrationSamples = 10

    @Option(help: ArgumentHelp("The name --calibrate gives (default: IMPL-HOSTCORES).", valueName: "name"))
    var calibrationName: String?

    func run() throws {
        try exitingOnBadInput(runChecked)
    }

    func runChecked() throws {
        if let out { try OutputPath.check(out, option: "--out") }
        if calibrate { return try runCalibration() }
        if let impl {
            throw ValidationError("--impl \(impl) is for --calibrate; a simulation's queue is its calibration's")
        }
        var plan = try checkedPlan()
        ReplayWarning.say(plan.warnings)
        let stallsNow = validate ? measureStallsNow(into: &plan.calibration) : nil
        let metadata = RunMetadata.current()
        let commit = RunMetadata.gitCommit(containing: RunMetadata.currentExecutable())
        var records: [SampleRecord] = []
        var simulating: UInt64 = 0
        let began = MonotonicClock.now()
        for cell in plan.cells {
            var (record, nanoseconds) = try cell.cell.run(
                policy: cell.policy, calibration: plan.calibration, metadata: metadata, gitCommit: commit)
            record.round = cell.round
            records.append(record)
            simulating += nanoseconds
        }
        let seconds = Double(MonotonicClock.now() - began) / 1e9
        let simulatingSeconds = Double(simulating) / 1e9
        let operations = records.reduce(0.0) { $0 + ($1.figures["operations"] ?? 0) }
        print(SimulationSummary.render(records))
        for lines in SimulatedCurves.all(records).map(\.bestPolicyLines) where !lines.isEmpty {
            print(lines.joined(separator: "\n"))
        }
        // The simulator's own speed on one thread: the simulation proper, and cells end to end
        // (drawing the shape, simulating, computing the figures).
        print(
            "simulated \(Int(operations)) operations: \(FigureFormat.number(operations / max(simulatingSeconds, 1e-9))) "
                + "a second simulating (\(FigureFormat.time(simulatingSeconds))), "
                + "\(FigureFormat.number(operations / max(seconds, 1e-9))) a second end to end (\(FigureFormat.time(seconds)))"
        )
        // Measured before anything is written, so that --out holds the measured rows too: report
        // draws them over the simulated curves and says where the two disagree.
        let validated = try validate ? validation(of: records, implementation: plan.calibration.implementation) : nil
        if let out {
            do {
                try ResultsFile.write(records + (validated?.measured ?? []), to: out)
            } catch {
                OutputFailure.exit("\(error)")
            }
            let measured = validated.map {
                " and \($0.measured.count) measured rows of \(plan.calibration.implementation)"
            }
            print("wrote \(records.count) simulated rows\(measured ?? "") to \(out)")
        }
        if let validated { print(validated.table) }
        if let stallsNow { print(stallsNow) }
    }
}
