import Foundation
import QueueLabCore
import QueueLabImplementations
import QueueLabScheduling
import TestSupport
import TestTiers
import Testing

@testable import QueueLabBenchmarks

/// The long tier of `PolicySelectionTests` (`QUEUELAB_LONG_TESTS=1`): runs the queuelab binary.
extension PolicySelectionTests {
    /// The sample child makes its queue through the recipe: a policy reaches the queue.
    @Test(
        .longTier("runs the queuelab binary"), .enabled(if: ToolBinary.queuelab != nil), .timeLimit(.minutes(30))
    )
    func aSampleRunsWithItsPolicy() throws {
        let outcome = try ChildProcess.run(
            ChildCommand(
                executable: ToolBinary.queuelab!,
                arguments: SampleProtocol.arguments(
                    implementation: "lock", policy: "aging:step=1ms",
                    workload: Workload(kind: .noop, parameters: ["n": 200]),
                    latencyEvery: 1, drainTimeout: 20)),
            timeout: .seconds(30))
        #expect(SampleProtocol.Response.parse(outcome.standardOutput)?.figures?["operations"] == 200)
    }

    @Test(
        .longTier("runs the queuelab binary"), .enabled(if: ToolBinary.queuelab != nil), .timeLimit(.minutes(30))
    )
    func badPolicyInputExitsTwoBeforeAnySample() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("queuelab-policy-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("run.csv").path
        let bench = ["bench", "--workload", "noop:n=10", "--samples", "1", "--warmup", "0", "--out", out]
        let cases: [([String], String)] = [
            (
                bench + ["--impl", "lock", "--policy", "strict,agin"],
                "unknown policy 'agin'; valid policies: strict, fifo"
            ),
            (bench + ["--impl", "foundation", "--policy", "strict"], "policies apply to: lock, actor"),
            (bench + ["--impl", "lock", "--impl", "dispatch", "--policy", "fifo"], "implementation 'dispatch'"),
            (bench + ["--impl", "lock", "--policy", "aging:step=0ms"], "expected a positive duration"),
            (bench + ["--impl", "lock", "--policy", "fifo:step=1ms"], "policy 'fifo' takes no parameters"),
            (
                ["trace", "--impl", "dispatch", "--policy", "aging", "--workload", "noop", "--out", out],
                "policies apply to: lock, actor"
            ),
            (
                ["trace", "--impl", "lock", "--policy", "lifo,fifo", "--workload", "noop", "--out", out],
                "trace takes one --policy"
            ),
        ]
        for (arguments, message) in cases {
            let outcome = try ChildProcess.run(
                ChildCommand(executable: ToolBinary.queuelab!, arguments: arguments), timeout: .seconds(60))
            #expect(outcome.status == 2, "\(arguments): exit \(outcome.status)")
            #expect(outcome.standardError.contains(message), "\(arguments): \(outcome.standardError)")
            #expect(outcome.standardError.split(separator: "\n").count == 1, "\(arguments): \(outcome.standardError)")
        }
        // Nothing was sampled: no journal, no CSV.
        #expect(!FileManager.default.fileExists(atPath: out + ".partial"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// Without `--impl`, `--policy` runs the implementations that take one, and the CSV records the
    /// specification with its defaults.
    @Test(
        .longTier("runs the queuelab binary"), .enabled(if: ToolBinary.queuelab != nil), .timeLimit(.minutes(30))
    )
    func withoutImplementationsThePolicyTakersRun() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("queuelab-takers-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("run.csv").path
        let outcome = try ChildProcess.run(
            ChildCommand(
                executable: ToolBinary.queuelab!,
                arguments: [
                    "bench", "--policy", "aging", "--workload", "noop:n=50", "--samples", "1", "--warmup", "0", "--out",
                    out,
                ]),
            timeout: .seconds(90))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let records = try ResultsFile.read(out)
        #expect(Set(records.map(\.queueLabel)) == ["lock[aging:step=1ms]", "actor[aging:step=1ms]"])
    }
}
