import Foundation
import QueueLabBenchmarks
import QueueLabTool
import TestSupport
import TestTiers
import Testing

/// The long tier of `BenchInputTests` (`QUEUELAB_LONG_TESTS=1`): runs the queuelab binary.
extension BenchInputTests {
    @Test(
        .longTier("runs the queuelab binary"), .enabled(if: ToolBinary.queuelab != nil), .timeLimit(.minutes(30))
    )
    func badInputExitsTwoBeforeAnySample() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("queuelab-input-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let outDir = directory.path
        let tiny = ["--impl", "lock", "--workload", "noop:n=10", "--samples", "1", "--warmup", "0"]
        var cases: [([String], [String: String], String)] = [
            (["--variant", "a=/bin/true", "--variant", "a=/bin/true", "--out-dir", outDir], [:], "given twice"),
            (["--workload", "noop:n=-5"], [:], "n=-5 must be at least 1"),
            (["--samples", "0"], [:], "--samples must be 1 to 100000, got 0"),
            (["--samples", "-1"], [:], "--samples must be 1 to 100000, got -1"),
            (["--warmup", "-1"], [:], "--warmup must be 0 to 1000, got -1"),
            (["--workload", "noop:n=1000000000000"], [:], "n=1000000000000 must be at most 100000000"),
            (["--workload", "open:late_tolerance_us=18446744073709552"], [:], "must be at most 60000000"),
            (["--sample-timeout", "0"], [:], "--sample-timeout must be 1 to 86400"),
            (["--sample-timeout", "99999999999999"], [:], "--sample-timeout must be 1 to 86400"),
            (["--variant-env", "nosuch:K=V"], [:], "names 'nosuch', not a variant"),
            (["--variant-env", "head:QUEUELAB_TEST_SLOWDOWN_NS=abc"], [:], "'abc', not a whole number"),
            ([], ["QUEUELAB_TEST_SLOWDOWN_NS": "fast"], "'fast', not a whole number"),
            (["--variant-env", "head:QUEUELAB_INJECT_NS=5%"], [:], "QUEUELAB_INJECT_NS is '5%', not a whole number"),
            ([], ["QUEUELAB_INJECT_NS": "-1"], "QUEUELAB_INJECT_NS is '-1', not a whole number"),
            (["--repetitions", "0"], [:], "--repetitions must be 1 to 100"),
            (["--variant", "a=/bin/true", "--variant", "b=/bin/true"], [:], "--variant needs --out-dir"),
            (["--out-dir", outDir], [:], "--out-dir is for --variant runs"),
            (
                [
                    "--variant", "a=/bin/true", "--variant", "b=/bin/true", "--out", "\(outDir)/x.csv", "--out-dir",
                    outDir,
                ],
                [:], "--out writes one variant"
            ),
            (["--out", "/proc/queuelab-nowhere/run.csv"], [:], "cannot create its directory"),
            (["--variant", "a=/bin/true", "--out", "\(outDir)/x.csv", "--out-dir", outDir], [:], "not both"),
        ]
        if !FaultInjectionKnob.isCompiledIn {
            // A build without the trait must not measure its queues unslowed as if they were slowed.
            cases += [
                (["--variant-env", "head:QUEUELAB_INJECT_NS=100"], [:], "QUEUELAB_INJECT_NS is 100, but this build"),
                ([], ["QUEUELAB_INJECT_NS": "100"], "this build has no fault injection"),
            ]
        }
        for (arguments, environment, message) in cases {
            let outcome = try ChildProcess.run(
                ChildCommand(
                    executable: ToolBinary.queuelab!, arguments: ["bench"] + tiny + arguments,
                    environment: environment),
                timeout: .seconds(60))
            #expect(outcome.status == 2, "\(arguments): exit \(outcome.status)")
            #expect(outcome.standardError.contains(message), "\(arguments): \(outcome.standardError)")
            #expect(outcome.standardError.split(separator: "\n").count == 1, "\(arguments): \(outcome.standardError)")
            #expect(!outcome.standardError.contains("Error Domain"), "\(arguments): raw NSError text")
        }
    }

    /// A run that samples this binary says when it is a debug build, once, before the samples.
    @Test(
        .longTier("runs the queuelab binary"), .enabled(if: ToolBinary.queuelab != nil), .timeLimit(.minutes(30))
    )
    func aDebugBuildSaysSoBeforeSampling() throws {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("queuelab-debug-\(getpid()).csv")
        defer { try? FileManager.default.removeItem(at: target) }
        let outcome = try ChildProcess.run(
            ChildCommand(
                executable: ToolBinary.queuelab!,
                arguments: [
                    "bench", "--impl", "lock", "--workload", "noop:n=10", "--samples", "1", "--warmup", "0", "--out",
                    target.path,
                ]),
            timeout: .seconds(120))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = outcome.standardError.split(separator: "\n")
        let warning = lines.firstIndex { $0.hasPrefix("warning: this queuelab is a debug build") }
        // The binary beside the tests is built as they are.
        #expect((warning != nil) == (SampleFigures.currentBuildConfiguration == "debug"), "\(lines)")
        if let warning, let firstSample = lines.firstIndex(where: { $0.hasPrefix("[") }) {
            #expect(warning < firstSample, "\(lines)")
        }
    }

    /// A bound of centuries waits like no bound; converting it to Int nanoseconds used to trap.
    @Test(.longTier("runs the queuelab binary"), .timeLimit(.minutes(30)))
    func aHugeTimeoutIsNoTrap() throws {
        let outcome = try ChildProcess.run(
            ChildCommand(executable: "/bin/true", arguments: []), timeout: .seconds(Int64.max))
        #expect(outcome.status == 0)
        #expect(!outcome.timedOut)
    }
}
