import Foundation
import QueueLabCore
import QueueLabImplementations
import TestSupport
import TestTiers
import Testing

@testable import QueueLabBenchmarks

/// The long tier of `RunnerTests` (`QUEUELAB_LONG_TESTS=1`): runs samples and the queuelab binary in child processes.
extension RunnerTests {
    @Test(.longTier("runs samples and the queuelab binary in child processes"), .timeLimit(.minutes(30)))
    func hungChildIsKilledAndReported() throws {
        let outcome = try ChildProcess.run(
            ChildCommand(executable: "/bin/sleep", arguments: ["30"]), timeout: .milliseconds(300))
        #expect(outcome.timedOut)
        #expect(outcome.wallSeconds < 10)
    }

    /// Every sample is a child: a run of hundreds must not keep a descriptor per child (it had kept
    /// both pipes' read ends). Other tests open descriptors meanwhile, hence the margin: a leak of
    /// two per child would add 120.
    @Test(.longTier("runs samples and the queuelab binary in child processes"), .timeLimit(.minutes(30)))
    func childrenLeaveNoDescriptorsOpen() throws {
        func openDescriptors() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        }
        let before = try openDescriptors()
        for _ in 0..<60 {
            let outcome = try ChildProcess.run(
                ChildCommand(executable: "/bin/echo", arguments: ["sample"]), timeout: .seconds(60))
            #expect(outcome.status == 0 && outcome.standardOutput == "sample\n")
        }
        #expect(try openDescriptors() - before < 60)
    }

    @Test(.longTier("runs samples and the queuelab binary in child processes"), .timeLimit(.minutes(30)))
    func runnerInterleavesAndRecordsChildFigures() throws {
        // A stand-in child: a shell that prints the JSON line a sample process prints.
        let figures = SampleFigures(
            values: ["operations": 10, "ops_per_s": 1000], buildConfiguration: "debug", allocator: "system")
        let line = SampleProtocol.Response(figures: figures).jsonLine()
        var plan = BenchmarkPlan(
            implementations: [
                ImplementationInfo(name: "a", capabilities: .all), ImplementationInfo(name: "b", capabilities: []),
            ],
            workloads: [Workload(kind: .noop, parameters: ["n": 10]), Workload(kind: .chain, parameters: ["n": 10])],
            variants: [BenchmarkVariant(name: "head", executable: "/bin/sh")])
        plan.samples = 3
        plan.order = .abba
        var launched: [String] = []
        var progress: [String] = []
        let runner = BenchmarkRunner(
            plan: plan, metadata: RunMetadata(host: "h", cores: 2, swiftVersion: "6.3.1"),
            progress: { progress.append($0) },
            launcher: { command, timeout in
                launched.append(command.arguments[2])
                return try ChildProcess.run(
                    ChildCommand(executable: "/bin/sh", arguments: ["-c", "echo '\(line)'"]), timeout: timeout)
            })
        let result = try runner.run()
        // b cannot run chain: 3 cells, 1 warm-up round + 3 rounds.
        #expect(launched.count == 12)
        #expect(result.records["head"]?.count == 9)
        #expect(result.notes.contains { $0.contains("b skips chain") })
        #expect(result.failures.isEmpty)
        // ABBA: round 1 runs the cells backwards.
        #expect(Array(launched[3..<6]) == Array(launched[0..<3].reversed()))
        // One build: its progress names no variant ("head" would read as a comparison).
        #expect(!progress.isEmpty && progress.allSatisfy { !$0.contains("head") }, "\(progress)")
        #expect(progress.contains { $0.hasPrefix("[round 1/3] a noop") }, "\(progress)")
    }

    /// The real thing: one sample in a child `queuelab` process (built beside the test bundle).
    @Test(
        .longTier("runs samples and the queuelab binary in child processes"),
        .enabled(if: RunnerTests.queue != nil && ToolBinary.queuelab != nil), .timeLimit(.minutes(30)))
    func oneSampleInAChildProcess() throws {
        let name = RunnerTests.queue!.implementationName
        let command = ChildCommand(
            executable: ToolBinary.queuelab!,
            arguments: SampleProtocol.arguments(
                implementation: name, workload: Workload(kind: .noop, parameters: ["n": 300]), latencyEvery: 1,
                drainTimeout: 20))
        let outcome = try ChildProcess.run(command, timeout: .seconds(30))
        #expect(!outcome.timedOut)
        let response = SampleProtocol.Response.parse(outcome.standardOutput)
        #expect(response?.figures?["operations"] == 300)
        #expect(response?.figures?["latency_samples"] == 300)
    }

    /// Under jemalloc, a sample counts the workload's allocations and not the counters' own: the
    /// fixed part (what n = 1,000 costs beyond 1,000 times the marginal cost per operation) stays
    /// small. Reading the counters used to allocate about 1,200 times inside the window.
    @Test(
        .longTier("runs samples and the queuelab binary in child processes"),
        .enabled(
            if: RunnerTests.queue != nil && ToolBinary.queuelab != nil
                && FileManager.default.fileExists(atPath: Allocator.jemallocLibrary)
                // ThreadSanitizer brings its own allocator: a preloaded jemalloc then sees no allocation.
                && !TestTier.runsUnderThreadSanitizer),
        .timeLimit(.minutes(30)))
    func jemallocCountsOnlyTheWorkload() throws {
        func allocations(_ n: Int) throws -> Double {
            let command = ChildCommand(
                executable: ToolBinary.queuelab!,
                arguments: SampleProtocol.arguments(
                    implementation: RunnerTests.queue!.implementationName,
                    workload: Workload(kind: .noop, parameters: ["n": n]), latencyEvery: 64, drainTimeout: 20),
                environment: try Allocator.jemalloc.childEnvironment())
            let outcome = try ChildProcess.run(command, timeout: .seconds(30))
            let figures = try #require(SampleProtocol.Response.parse(outcome.standardOutput)?.figures)
            #expect(figures.allocator == "jemalloc")
            return try #require(figures["allocs_per_op"]) * Double(n)
        }
        let small = try allocations(1_000)
        let large = try allocations(5_000)
        let perOperation = (large - small) / 4_000
        let fixed = small - 1_000 * perOperation
        #expect(perOperation >= 1, "every operation allocates at least itself")
        #expect(fixed < 300, "fixed allocations per sample: \(fixed) (per operation \(perOperation))")
    }

    /// Bad input exits 2 and names the problem, whether the parser or a command found it.
    @Test(
        .longTier("runs samples and the queuelab binary in child processes"),
        .enabled(if: ToolBinary.queuelab != nil), .timeLimit(.minutes(30)))
    func badCommandLinesExitTwo() throws {
        let cases: [([String], String)] = [
            (["conform", "--bogus"], "Unknown option '--bogus'"),
            (["bench", "--samples"], "Missing value"),
            (["conform", "--impl", "nosuchqueue"], "nosuchqueue"),
            (["conform", "--time-bound", "0"], "--time-bound"),
        ]
        for (arguments, message) in cases {
            let outcome = try ChildProcess.run(
                ChildCommand(executable: ToolBinary.queuelab!, arguments: arguments), timeout: .seconds(30))
            #expect(outcome.status == 2, "\(arguments): exit \(outcome.status)")
            #expect(outcome.standardError.contains(message), "\(arguments): \(outcome.standardError)")
        }
    }
}
