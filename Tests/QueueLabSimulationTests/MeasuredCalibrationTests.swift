import Foundation
import QueueLabBenchmarks
import QueueLabScheduling
import QueueLabSimulation
import TestTiers
import Testing

/// `simulate --calibrate`'s reading of bench rows into a calibration, on rows made up here (the
/// measuring itself is a child `bench`, whose figures no test can hold to a threshold).
@Suite(.onBlockingThreads) struct MeasuredCalibrationTests {
    private func row(_ workload: String, _ parameters: String, _ figures: [String: Double]) -> SampleRecord {
        SampleRecord(
            timestamp: "t", variant: "head", gitCommit: "c", host: "h", cores: 2, swiftVersion: "6.3.1",
            buildConfiguration: "release", allocator: "system", implementation: "actor", workload: workload,
            parameters: parameters, seed: 1, round: 0, figures: figures)
    }

    private var rows: [SampleRecord] {
        [
            row("noop", "n=100000;width=1", ["ops_per_s": 1_000_000]),
            row("noop", "n=100000;width=1", ["ops_per_s": 2_000_000]),
            row("noop", "n=100000;width=1", ["ops_per_s": 2_500_000]),
            // Width -1 runs on every core: not the one-worker figure, and left out.
            row("noop", "n=100000;width=-1", ["ops_per_s": 9_000_000]),
            row("chain", "n=100000", ["ops_per_s": 1_000_000]),
            row("ping", "n=2000", ["e2f_p50_ns": 3_000]),
            row("ping", "n=2000", ["e2f_p50_ns": 5_000]),
            row("makespan", "chains=4;length=800;n=2000;warm=1;width=1", ["add_ns": 300, "make_ns": 90]),
            // Width 2's start-ups, each kept; its producer costs are not the width-1 figures.
            row(
                "makespan", "chains=1;length=1;n=2000;warm=0;width=2", ["parallel_after_ns": 9_800_000, "add_ns": 900]),
            row("makespan", "chains=1;length=1;n=2000;warm=0;width=2", ["parallel_after_ns": 200_000, "add_ns": 900]),
            row("makespan", "chains=1;length=1;n=2000;warm=0;width=2", ["parallel_after_ns": 180_000]),
            // Workers started before the timed phase: no start-up in it.
            row("makespan", "chains=1;length=1;n=2000;warm=1;width=2", ["parallel_after_ns": 30_000]),
        ]
    }

    @Test("the figures are medians: a second over noop, chain less noop, ping's p50")
    func figures() throws {
        let calibration = try SimulationCalibration(measured: rows, name: "actor-test", implementation: "actor")
        #expect(calibration.overheadNanoseconds == 500)
        #expect(calibration.handOffNanoseconds == 500)
        #expect(calibration.wakeupNanoseconds == 4_000)
        #expect(calibration.addNanoseconds == 300 && calibration.makeNanoseconds == 90)
        #expect(calibration.spawnNanoseconds == [180_000, 200_000, 9_800_000])
    }

    @Test("a calibrated file parses back and a simulation with it runs")
    func readsBackAndRuns() throws {
        let calibration = try SimulationCalibration(measured: rows, name: "actor-test", implementation: "actor")
        let text = calibration.text(comment: ["measured here", "", "  queuelab bench ..."])
        #expect(text.hasPrefix("# queuelab-calibration/1\n# measured here\n#\n"))
        let parsed = try SimulationCalibration(parsing: text)
        #expect(parsed == calibration)
        let shape = try SimulationShape(try Workload(parsing: "makespan:n=2000;seed=3"))
        let result = try Simulator(shape: shape, calibration: parsed, width: 4, cores: 4)
            .run(policy: try SchedulingPolicies.parse("strict"), keepingTimeline: true)
        #expect(result.startOrder.count == 2_000)
        #expect(result.makespan > 0)
    }

    @Test("a figure the file could not hold is refused, naming its key, not trapped on")
    func absurdFigures() {
        let slowPing = rows.map { $0.workload == "ping" ? row("ping", "n=2000", ["e2f_p50_ns": 1e300]) : $0 }
        #expect {
            _ = try SimulationCalibration(measured: slowPing, name: "x", implementation: "actor")
        } throws: { error in
            "\(error)".contains("wakeup_ns: measured 1e+300 ns, outside 0 to 1000000000")
        }
        let lateStart =
            rows + [
                row("makespan", "chains=1;length=1;n=2000;warm=0;width=2", ["parallel_after_ns": 1e20])
            ]
        #expect {
            _ = try SimulationCalibration(measured: lateStart, name: "x", implementation: "actor")
        } throws: { error in
            "\(error)".contains("spawn_ns: measured 1e+20 ns, outside 0 to 60000000000")
        }
    }

    @Test("rows missing a workload are refused, naming it")
    func missing() {
        #expect {
            _ = try SimulationCalibration(
                measured: rows.filter { $0.workload != "ping" }, name: "x", implementation: "actor")
        } throws: { error in
            "\(error)".contains("no ping rows of actor")
        }
    }
}

extension MeasuredCalibrationTests {
    @Test(
        "the calibrations simulate --calibrate wrote for this repository parse",
        arguments: [
            "actor-vm2", "lock-vm2-measured",
        ])
    func committedFiles(name: String) throws {
        let path = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        let text = try String(contentsOfFile: "/\(path)/results/simulate/\(name).calibration", encoding: .utf8)
        #expect(try SimulationCalibration(parsing: text).name == name)
    }
}
