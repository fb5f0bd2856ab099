import ArgumentParser
import Foundation
import QueueLabBenchmarks
import QueueLabImplementations
import QueueLabSimulation
import TestTiers
import Testing

@testable import QueueLabTool

/// `simulate`'s checks of its input, made before anything runs (the command turns each into one
/// line and exit status 2).
@Suite(.onBlockingThreads) struct SimulateCommandTests {
    private func plan(_ arguments: [String]) throws -> SimulateCommand.Plan {
        try SimulateCommand.parse(arguments).checkedPlan(registry: Implementations.registry)
    }

    @Test func aSweepIsEveryWorkloadPolicyWidthAndSeed() throws {
        let cells = try plan([
            "--workload", "makespan,chain:n=10", "--policy", "strict,fifo", "--width", "1,2,64", "--seeds", "1-3",
        ]).cells
        #expect(cells.count == 2 * 2 * 3 * 3)
        #expect(cells.map(\.cell.cores).max() == 64)
    }

    @Test(
        "bad input is refused with its reason",
        arguments: [
            (["--width", "0"], "--width must be 1 to"),
            (["--cores", "0"], "--cores must be 1 to"),
            (["--validate", "--validation-samples", "0"], "--validation-samples must be 1 to"),
            (["--keep-calibration-stalls"], "--keep-calibration-stalls is for --validate"),
            (["--workload", "ping"], "workload ping cannot be simulated"),
            (["--policy", "nosuch"], "unknown policy 'nosuch'"),
            (["--calibration", "/nonexistent/file"], "cannot read it: No such file or directory"),
            (["--workload", "replay:file=/nonexistent/app.qlr"], "cannot read recording /nonexistent/app.qlr"),
            // Overlapping ranges count as written: a hundred copies of `0-999999` were a hundred
            // million lookups for a million seeds (Tests/Fuzz/Lists/corpus/overlapping-ranges-slow).
            (["--seeds", "1-2,1-999999"], "--seeds takes seeds and ranges"),
            (["--width", "1,,2"], "--width '1,,2' has an empty member"),
            (["--width", "two"], "--width takes whole numbers, not 'two'"),
        ])
    func refused(arguments: [String], reason: String) {
        #expect {
            _ = try plan(arguments)
        } throws: { error in
            "\(error)".contains(reason)
        }
    }

    /// `--validate` measures the stalls again only for a calibration that has stalls, and not with
    /// `--keep-calibration-stalls`; how the two sets are told apart in the line it prints.
    @Test func stallsAreMeasuredAgainOnlyWhereTheCalibrationHasThem() throws {
        var calibration = SimulationCalibration.ideal
        #expect(try SimulateCommand.parse(["--validate"]).measureStallsNow(into: &calibration) == nil)
        calibration.stallsPerSecond = 100
        calibration.stallNanoseconds = [3_000, 5_000]
        calibration.tailStallsPerSecond = 4
        calibration.tailStallNanoseconds = [500_000, 1_500_000, 2_000_000, 4_000_000]
        let kept = calibration
        #expect(
            try SimulateCommand.parse(["--validate", "--keep-calibration-stalls"]).measureStallsNow(into: &calibration)
                == nil)
        #expect(calibration == kept)
        #expect("\(StallCounts(calibration))" == "104.0 a second, 3.00 of them over 1 ms")
    }

    @Test func aCalibrationWithANegativeCostIsRefused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("negative-\(getpid()).calibration")
        try "# queuelab-calibration/1\nname = x\noverhead_ns = -1\nwakeup_ns = 0\nhandoff_ns = 0\n".write(
            to: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: path) }
        #expect {
            _ = try plan(["--calibration", path.path])
        } throws: { error in
            "\(error)".contains("negative")
        }
    }

    @Test(
        "--calibrate's bad input is refused with its reason",
        arguments: [
            (["--calibrate"], "--calibrate needs --impl"),
            (["--calibrate", "--impl", "nosuch"], "--impl nosuch"),
            (["--calibrate", "--impl", "lock", "--width", "4"], "--calibrate does not take --width"),
            (["--calibrate", "--impl", "lock", "--calibration-samples", "0"], "--calibration-samples must be 1 to"),
        ])
    func calibrateRefused(arguments: [String], reason: String) {
        #expect {
            _ = try SimulateCommand.parse(arguments).checkedCalibrationPlan(registry: Implementations.registry)
        } throws: { error in
            "\(error)".contains(reason)
        }
    }

    @Test func calibrateRunsBenchOnTheMeasurementWorkloads() throws {
        let plan = try SimulateCommand.parse(["--calibrate", "--impl", "actor", "--calibration-name", "actor-x"])
            .checkedCalibrationPlan(registry: Implementations.registry)
        #expect(plan.name == "actor-x")
        #expect(plan.benchArguments.prefix(3) == ["bench", "--impl", "actor"])
        #expect(plan.benchArguments.contains("ping:n=2000"))
        #expect(
            plan.spawnBenchArguments.joined(separator: " ")
                == "bench --impl actor --workload \(SimulationCalibration.spawnWorkload) --samples 30 --warmup 1")
    }

    @Test func validationComparesEachKindByTheFiguresItIsReadBy() {
        #expect(SimulateCommand.validatedColumns(.makespan) == ["makespan_over_bound"])
        #expect(SimulateCommand.validatedColumns(.overload).contains("prio_verylow_share"))
        #expect(SimulateCommand.validatedColumns(.open) == ["a2s_mean_ns"])
        #expect(SimulateCommand.validatedColumns(.replay).contains("e2s_p99_ns"))
    }
}

extension SimulateCommandTests {
    /// A recording cut by a crash is replayed up to its last complete record, and simulate says
    /// so before anything runs, in the line bench, trace and explain print.
    @Test func aRecordingCutMidRecordIsSimulatedWithAWarning() throws {
        let cut = "o 3 0 0 3000 0 1000 - - c"
        let text = "queuelab-recording/2\nq 0 -1 app\no 1 0 0 0 0 1000 - - a\no 2 0 0 1000 0 1000 - - b\n" + cut
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID().uuidString).qlr").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let planned = try plan(["--workload", "replay:file=\(path)", "--width", "2"])
        #expect(planned.cells.count == 1)
        #expect(
            planned.warnings == [
                "warning: replay of \(path): the last record is cut off (\(cut.utf8.count) bytes dropped; read up "
                    + "to the last complete one)"
            ])
        let whole = try plan(["--workload", "replay:file=\(path)", "--workload", "makespan"])
        #expect(whole.warnings.count == 1, "one line per recording")
        // A path of its own: a recording is read once per path and process.
        let complete = path + ".whole.qlr"
        try Data(text.dropLast(cut.count).utf8).write(to: URL(fileURLWithPath: complete))
        defer { try? FileManager.default.removeItem(atPath: complete) }
        #expect(try plan(["--workload", "replay:file=\(complete)"]).warnings.isEmpty)
    }
}
