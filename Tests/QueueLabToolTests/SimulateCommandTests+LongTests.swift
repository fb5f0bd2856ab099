import Foundation
import QueueLabBenchmarks
import QueueLabTool
import TestSupport
import TestTiers
import Testing

/// The long tier of `SimulateCommandTests` (`QUEUELAB_LONG_TESTS=1`): runs the queuelab binary.
extension SimulateCommandTests {
    /// A calibration with stalls: `--validate` measures the machine's stalls again (a 10 s probe)
    /// before it simulates and says so beside the calibration's; `--keep-calibration-stalls` does not.
    @Test(
        .longTier("runs the queuelab binary and a 10 s stall probe"), .enabled(if: ToolBinary.queuelab != nil),
        .timeLimit(.minutes(10)))
    func validationMeasuresTheStallsOfTheMinute() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stalls-\(getpid()).calibration")
        try """
        # queuelab-calibration/1
        name = lock-test
        implementation = lock
        overhead_ns = 500
        wakeup_ns = 600
        handoff_ns = 500
        stall_per_s = 100
        stall_ns = 3000, 5000
        stall_tail_per_s = 4
        stall_tail_ns = 500000, 1500000, 2000000, 4000000

        """.write(to: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: path) }
        let validate = [
            "simulate", "--workload", "makespan:n=200;chains=1;length=50;us=10", "--width", "1", "--validate",
            "--validation-samples", "1", "--calibration", path.path,
        ]
        for keeping in [false, true] {
            let outcome = try ChildProcess.run(
                ChildCommand(
                    executable: ToolBinary.queuelab!,
                    arguments: validate + (keeping ? ["--keep-calibration-stalls"] : [])),
                timeout: .seconds(300))
            #expect(outcome.status == 0, "\(outcome.standardError)")
            #expect(outcome.standardOutput.contains("makespan_over_bound"), "the validation table")
            let line = outcome.standardOutput.split(separator: "\n").first {
                $0.hasPrefix("stalls: measured just before")
            }
            if keeping {
                #expect(line == nil)
            } else {
                let said = try #require(line, "\(outcome.standardOutput)")
                #expect(said.hasSuffix("the calibration's: 104.0 a second, 3.00 of them over 1 ms"))
                #expect(outcome.standardError.contains("measuring the machine's stalls for 10 s"))
            }
        }
    }
}
