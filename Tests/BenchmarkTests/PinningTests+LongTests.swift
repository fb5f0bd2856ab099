import Foundation
import TestSupport
import TestTiers
import Testing

@testable import QueueLabBenchmarks

/// The long tier of `PinningTests` (`QUEUELAB_LONG_TESTS=1`): runs the queuelab binary.
extension PinningTests {
    @Test(
        .longTier("runs the queuelab binary"),
        .enabled(if: ToolBinary.queuelab != nil && CPUPinning.findTaskset() != nil),
        .timeLimit(.minutes(30)))
    func aPinnedRunRecordsOneCPU() throws {
        let csv = FileManager.default.temporaryDirectory.appendingPathComponent("queuelab-pin-\(getpid()).csv").path
        defer { try? FileManager.default.removeItem(atPath: csv) }
        let outcome = try ChildProcess.run(
            ChildCommand(
                executable: ToolBinary.queuelab!,
                arguments: [
                    "bench", "--impl", "lock", "--workload", "noop:n=500", "--samples", "2", "--warmup", "0", "--pin",
                    "0", "--out", csv,
                ]),
            timeout: .seconds(50))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let records = try ResultsFile.read(csv)
        #expect(records.count == 2)
        #expect(records.allSatisfy { $0.figures["cpus_allowed"] == 1 })
    }

    @Test(
        .longTier("runs the queuelab binary"), .enabled(if: ToolBinary.queuelab != nil), .timeLimit(.minutes(30))
    )
    func aBadCPUListExitsTwoBeforeAnySample() throws {
        for (list, message) in [("9999", "but this machine has CPUs 0 to"), ("x", "--pin wants a CPU list")] {
            let outcome = try ChildProcess.run(
                ChildCommand(
                    executable: ToolBinary.queuelab!,
                    arguments: ["bench", "--impl", "lock", "--workload", "noop:n=10", "--samples", "1", "--pin", list]),
                timeout: .seconds(30))
            #expect(outcome.status == 2, "\(list): exit \(outcome.status)")
            #expect(outcome.standardError.contains(message), "\(list): \(outcome.standardError)")
        }
    }
}
