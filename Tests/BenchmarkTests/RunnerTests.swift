import Foundation
import QueueLabCore
import QueueLabImplementations
import Testing

@testable import QueueLabBenchmarks

@Suite struct RunnerTests {
    /// A queue to measure: the first registered implementation that has every capability.
    static var queue: (any OperationQueueing.Type)? { Implementations.queues.first ?? Implementations.all.first }

    @Test(.enabled(if: RunnerTests.queue != nil), .timeLimit(.minutes(3)))
    func inProcessSampleOfATinyWorkload() throws {
        let figures = try SampleRunner.run(
            RunnerTests.queue!, workload: Workload(kind: .noop, parameters: ["n": 500]), latencyEvery: 10,
            drainTimeout: .seconds(20), environment: [:])
        #expect(figures["operations"] == 500)
        #expect((figures["ops_per_s"] ?? 0) > 0)
        #expect(figures["latency_samples"] == 50)
        #expect((figures["e2f_p50_ns"] ?? 0) > 0)
        #expect((figures["peak_concurrency"] ?? 0) >= 1)
        #expect(figures.allocator == "system")
    }

    @Test(.enabled(if: RunnerTests.queue != nil), .timeLimit(.minutes(3)))
    func slowdownKnobSlowsEveryOperation() throws {
        let workload = Workload(kind: .noop, parameters: ["n": 200, "width": 1])
        let figures = try SampleRunner.run(
            RunnerTests.queue!, workload: workload, drainTimeout: .seconds(20),
            environment: [TestSlowdown.environmentVariable: "100000"])
        // 200 operations of at least 100 us each on one lane: at least 20 ms.
        #expect((figures["wall_s"] ?? 0) >= 0.02)
    }

    @Test func unsupportedWorkloadIsSkipped() {
        let workload = Workload(kind: .chain)
        #expect(workload.unsupportedReason(for: []) != nil)
        #expect(workload.unsupportedReason(for: .all) == nil)
        #expect(Workload(kind: .noop, parameters: ["width": 1]).unsupportedReason(for: []) != nil)
    }

    @Test func foundationIsCapped() {
        let (capped, note) = WorkloadSuite.sized(Workload(kind: .chain), for: "foundation")
        #expect(capped["n"] == 2_000)
        #expect(note != nil)
        #expect(WorkloadSuite.sized(Workload(kind: .chain), for: "lock").1 == nil)
    }

    @Test(.timeLimit(.minutes(3)))
    func hungChildIsKilledAndReported() throws {
        let outcome = try ChildProcess.run(
            ChildCommand(executable: "/bin/sleep", arguments: ["30"]), timeout: .milliseconds(300))
        #expect(outcome.timedOut)
        #expect(outcome.wallSeconds < 10)
    }

    /// Every sample is a child: a run of hundreds must not keep a descriptor per child (it had kept
    /// both pipes' read ends). Other tests open descriptors meanwhile, hence the margin: a leak of
    /// two per child would add 120.
    @Test(.timeLimit(.minutes(3)))
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

    @Test(.timeLimit(.minutes(3)))
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
        let runner = BenchmarkRunner(
            plan: plan, metadata: RunMetadata(host: "h", cores: 2, swiftVersion: "6.3.1"), progress: { _ in },
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
    }

    /// The real thing: one sample in a child `queuelab` process (built beside the test bundle).
    @Test(.enabled(if: RunnerTests.queue != nil && RunnerTests.queuelabBinary != nil), .timeLimit(.minutes(3)))
    func oneSampleInAChildProcess() throws {
        let name = RunnerTests.queue!.implementationName
        let command = ChildCommand(
            executable: RunnerTests.queuelabBinary!,
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
        .enabled(
            if: RunnerTests.queue != nil && RunnerTests.queuelabBinary != nil
                && FileManager.default.fileExists(atPath: Allocator.jemallocLibrary)
                && !RunnerTests.underThreadSanitizer),
        .timeLimit(.minutes(3)))
    func jemallocCountsOnlyTheWorkload() throws {
        func allocations(_ n: Int) throws -> Double {
            let command = ChildCommand(
                executable: RunnerTests.queuelabBinary!,
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
    @Test(.enabled(if: RunnerTests.queuelabBinary != nil), .timeLimit(.minutes(3)))
    func badCommandLinesExitTwo() throws {
        let cases: [([String], String)] = [
            (["conform", "--bogus"], "Unknown option '--bogus'"),
            (["bench", "--samples"], "Missing value"),
            (["conform", "--impl", "nosuchqueue"], "nosuchqueue"),
            (["conform", "--time-bound", "0"], "--time-bound"),
        ]
        for (arguments, message) in cases {
            let outcome = try ChildProcess.run(
                ChildCommand(executable: RunnerTests.queuelabBinary!, arguments: arguments), timeout: .seconds(30))
            #expect(outcome.status == 2, "\(arguments): exit \(outcome.status)")
            #expect(outcome.standardError.contains(message), "\(arguments): \(outcome.standardError)")
        }
    }

    /// ThreadSanitizer brings its own allocator: a preloaded jemalloc then sees no allocation.
    static var underThreadSanitizer: Bool { dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil }

    /// The tool can sample under Callgrind here: it is built, Valgrind is where `bench` looks for it,
    /// and no ThreadSanitizer runtime sits between them.
    static var canCountInstructions: Bool {
        queuelabBinary != nil && CallgrindSampling.findValgrind() != nil && !underThreadSanitizer
    }

    static var queuelabBinary: String? {
        let bundle = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("queuelab").path
        let sibling = URL(fileURLWithPath: RunMetadata.currentExecutable()).deletingLastPathComponent()
            .appendingPathComponent("queuelab").path
        return [bundle, sibling].first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

@Suite struct PairedOrderTests {
    static func runner(order: SampleOrder) -> BenchmarkRunner {
        var plan = BenchmarkPlan(
            implementations: [
                ImplementationInfo(name: "a", capabilities: .all), ImplementationInfo(name: "b", capabilities: .all),
            ],
            workloads: [Workload(kind: .noop, parameters: ["n": 10]), Workload(kind: .ping)],
            variants: [
                BenchmarkVariant(name: "base", executable: "/bin/true"),
                BenchmarkVariant(name: "head", executable: "/bin/true"),
            ])
        plan.order = order
        return BenchmarkRunner(
            plan: plan, metadata: RunMetadata(host: "h", cores: 2, swiftVersion: "6.3.1"), progress: { _ in },
            launcher: { _, _ in throw CancellationError() })
    }

    @Test(arguments: SampleOrder.allCases)
    func baseAndHeadOfACellRunBackToBackEveryRound(order: SampleOrder) {
        let runner = Self.runner(order: order)
        let (cells, _) = runner.cells()
        for round in 0..<6 {
            let ordered = runner.order(cells, round: round)
            #expect(ordered.count == cells.count)
            #expect(Set(ordered) == Set(cells))
            for pair in stride(from: 0, to: ordered.count, by: 2) {
                #expect(ordered[pair].recordCellKey == ordered[pair + 1].recordCellKey)
                // Alternating which variant goes first, so neither always runs on a cooler machine.
                #expect(ordered[pair].variant == (round % 2 == 0 ? "base" : "head"))
            }
        }
    }
}
