import Foundation
import QueueLabBenchmarks
import QueueLabSimulation
import TestTiers
import Testing

@Suite(.onBlockingThreads) struct CalibrationTests {
    @Test("the text form reads back")
    func roundTrip() throws {
        #expect(try SimulationCalibration(parsing: SimulationCalibration.sampleLockVM2.text) == .sampleLockVM2)
        var stalled = SimulationCalibration.sampleLockVM2
        (stalled.stallsPerSecond, stalled.stallNanoseconds) = (812.5, [2_100, 3_000, 1_500_000])
        #expect(try SimulationCalibration(parsing: stalled.text) == stalled)
        (stalled.tailStallsPerSecond, stalled.tailStallNanoseconds) = (1.5, [900_000, 5_400_000])
        #expect(stalled.text.contains("stall_tail_ns = 900000, 5400000"))
        #expect(try SimulationCalibration(parsing: stalled.text) == stalled)
    }

    @Test(
        "bad calibrations are refused with the reason",
        arguments: [
            ("name = x\noverhead_ns = -5\nwakeup_ns = 1\nhandoff_ns = 1", "negative"),
            ("name = x\noverhead_ns = 5\nwakeup_ns = 1", "'handoff_ns' is missing"),
            ("name = x\noverhead_ns = 5\nwakeup_ns = 1\nhandoff_ns = 1\nspeed = 2", "unknown key 'speed'"),
            ("name = x\noverhead_ns = 5us\nwakeup_ns = 1\nhandoff_ns = 1", "not a whole number"),
            ("name x", "not key = value"),
            ("name = x\nname = y", "given twice"),
            ("name = x\noverhead_ns = 5\nwakeup_ns = 1\nhandoff_ns = 1\nstall_per_s = 3", "one is missing"),
            ("name = x\noverhead_ns = 5\nwakeup_ns = 1\nhandoff_ns = 1\nstall_ns = 3", "one is missing"),
            (
                "name = x\noverhead_ns = 5\nwakeup_ns = 1\nhandoff_ns = 1\nstall_per_s = -1\nstall_ns = 3",
                "not a rate of 0 to 1000000 a second"
            ),
            // Past the largest value each number may take: refused before any arithmetic on it.
            ("name = x\noverhead_ns = 100000000000000000\nwakeup_ns = 1\nhandoff_ns = 1", "is over a second"),
            ("name = x\noverhead_ns = 1\nwakeup_ns = 1000000001\nhandoff_ns = 1", "wakeup_ns = 1000000001 is over"),
            ("name = x\noverhead_ns = 1\nwakeup_ns = 1\nhandoff_ns = 18446744073709551615", "is over a second"),
            ("name = x\noverhead_ns = 1\nwakeup_ns = 1\nhandoff_ns = 1\nedge_ns = 1000000001", "is over a second"),
            (
                "name = x\noverhead_ns = 5\nwakeup_ns = 1\nhandoff_ns = 1\nstall_per_s = 1000001\nstall_ns = 3",
                "not a rate of 0 to 1000000 a second"
            ),
            (
                "name = x\noverhead_ns = 5\nwakeup_ns = 1\nhandoff_ns = 1\nstall_per_s = 2\nstall_ns = 60000000001",
                "over a minute"
            ),
            (
                "name = x\noverhead_ns = 5\nwakeup_ns = 1\nhandoff_ns = 1\nstall_per_s = 2\nstall_ns = 3, 0",
                "'0' is not a whole number of nanoseconds above 0"
            ),
            (
                "name = x\noverhead_ns = 5\nwakeup_ns = 1\nhandoff_ns = 1\nstall_tail_per_s = 2\nstall_tail_ns = 3",
                "give stall_per_s too"
            ),
            (
                "name = x\noverhead_ns = 5\nwakeup_ns = 1\nhandoff_ns = 1\nstall_per_s = 2\nstall_ns = 3\n"
                    + "stall_tail_ns = 3",
                "stall_tail_per_s and stall_tail_ns come together"
            ),
        ])
    func refused(text: String, reason: String) {
        // Each a whole file of the current version, so that what is refused is the line named.
        #expect {
            _ = try SimulationCalibration(parsing: "# queuelab-calibration/1\n" + text + "\n")
        } throws: { error in
            "\(error)".contains(reason)
        }
    }

    @Test("a workload the simulator cannot express says which and why")
    func refusal() {
        let message = SimulationShape.refusal(.ping)
        #expect(message?.contains("workload ping cannot be simulated") == true)
        #expect(SimulationShape.refusal(.makespan) == nil)
    }
}

extension CalibrationTests {
    @Test("the built-in calibration is the file compiled in, as that file reads")
    func committedFile() throws {
        let path = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        let file = "/\(path)/Sources/QueueLabSimulation/Calibrations/lock-vm2.calibration"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(try SimulationCalibration(parsing: text) == .sampleLockVM2)
        let sample = SimulationCalibration.sampleLockVM2
        #expect(sample.name == "lock-vm2" && sample.implementation == "lock")
        #expect(sample.overheadNanoseconds == 400 && sample.wakeupNanoseconds == 2_600)
        #expect(sample.handOffNanoseconds == 600)
    }
}

/// A calibration file is read only whole and of its own version: the version line is required, and
/// a file cut short is refused at its last line rather than read as a smaller calibration.
extension CalibrationTests {
    static let body = "name = x\noverhead_ns = 5\nwakeup_ns = 1\nhandoff_ns = 1234\n"

    static func refusal(_ text: String) -> String? {
        do {
            _ = try SimulationCalibration(parsing: text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func theVersionLineIsRequiredAndChecked() {
        #expect(Self.refusal("# queuelab-calibration/1\n" + Self.body) == nil)
        #expect(Self.refusal("#queuelab-calibration/1  \n" + Self.body) == nil)
        #expect(
            Self.refusal("# queuelab-calibration/9\n" + Self.body)
                == "calibration line 1: format queuelab-calibration/9 is another version; this QueueLab reads "
                + "queuelab-calibration/1")
        let missing = "calibration line 1: no version line: the first line must be '# queuelab-calibration/1'"
        #expect(Self.refusal(Self.body) == missing)
        #expect(Self.refusal("# measured on a VM\n# queuelab-calibration/1\n" + Self.body) == missing)
        #expect(Self.refusal("") == missing)
    }

    @Test func aFileCutMidLineIsRefusedAtItsLastLine() {
        let whole = "# queuelab-calibration/1\n" + Self.body
        // Cut inside the last cost: what is left still parses as a cost, a smaller one.
        #expect(
            Self.refusal(String(whole.dropLast(3)))
                == "calibration line 5: the last line ends without a line break: the file was cut short")
        #expect(Self.refusal(String(whole.dropLast())) != nil)
        #expect(Self.refusal("# queuelab-calibration/1")?.contains("line 1: the last line ends") == true)
        // Cut inside a list: fewer durations would read as the whole list.
        let stalls = whole + "stall_per_s = 10\nstall_ns = 100, 2000"
        #expect(Self.refusal(stalls)?.contains("line 7: the last line ends without a line break") == true)
    }
}
