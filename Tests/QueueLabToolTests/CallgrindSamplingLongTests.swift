import Foundation
import TestSupport
import TestTiers
import Testing

@testable import QueueLabBenchmarks

/// `bench --instructions`: how a sample is wrapped and how its count becomes `instructions_per_op`.
@Suite(.longTier("runs samples under Callgrind")) struct CallgrindSamplingTests {
    @Test func wrapsTheSampleWithInstrumentationOffAtStart() {
        let sample = ChildCommand(
            executable: "/bin/queuelab", arguments: ["sample", "--impl", "lock"], environment: ["A": "1"])
        let wrapped = CallgrindSampling(valgrind: "/usr/bin/valgrind").wrap(sample, outputFile: "/tmp/x.out")
        #expect(wrapped.executable == "/usr/bin/valgrind")
        #expect(wrapped.arguments.contains("--instr-atstart=no"))
        #expect(wrapped.arguments.contains("--callgrind-out-file=/tmp/x.out"))
        #expect(Array(wrapped.arguments.suffix(4)) == ["/bin/queuelab", "sample", "--impl", "lock"])
        #expect(wrapped.environment == ["A": "1"])
    }

    @Test func readsTheTotalsLine() {
        // The shape Valgrind 3.19 writes with --instr-atstart=no: summary 0 in the header, totals at the end.
        let text = "version: 1\ncreator: callgrind-3.19.0\nevents: Ir\nsummary: 0\nfn=(1) f\n3 5\ntotals: 29677592\n"
        #expect(CallgrindSampling.instructions(inOutput: text) == 29_677_592)
        #expect(CallgrindSampling.instructions(inOutput: "events: Ir\nsummary: 12\n") == 12)
        #expect(CallgrindSampling.instructions(inOutput: "events: Ir\n") == nil)
    }

    @Test func dividesByTheOperationsAndRemovesTheFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cg-\(UUID().uuidString).out").path
        try "events: Ir\ntotals: 50000\n".write(toFile: file, atomically: true, encoding: .utf8)
        var figures = SampleFigures(values: ["operations": 1_000], buildConfiguration: "release", allocator: "system")
        try CallgrindSampling.addInstructions(from: file, to: &figures)
        #expect(figures["instructions_per_op"] == 50)
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    /// A build without Valgrind's headers never opens the window: a zero must fail the sample,
    /// not read as a 100 % improvement.
    @Test func aZeroCountFailsTheSample() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cg-\(UUID().uuidString).out").path
        try "events: Ir\nsummary: 0\ntotals: 0\n".write(toFile: file, atomically: true, encoding: .utf8)
        var figures = SampleFigures(values: ["operations": 1_000], buildConfiguration: "release", allocator: "system")
        #expect(throws: SampleError.self) { try CallgrindSampling.addInstructions(from: file, to: &figures) }
        #expect(figures["instructions_per_op"] == nil)
    }

    @Test func anOldCSVWithoutTheColumnStillReads() throws {
        let header = ResultsFile.header.filter { $0 != "instructions_per_op" }
        var row = header.map { _ in "" }
        let fill: [String: String] = [
            "timestamp": "t", "variant": "head", "git_commit": "c", "host": "h", "cores": "2", "swift_version": "6.3.1",
            "build_config": "release", "allocator": "system", "implementation": "lock", "workload": "noop",
            "params": "n=1", "seed": "1", "round": "0", "wall_s": "1", "ops_per_s": "1",
        ]
        for (index, column) in header.enumerated() { row[index] = fill[column] ?? "" }
        let text = header.joined(separator: ",") + "\n" + row.joined(separator: ",") + "\n"
        let records = try ResultsFile.decode(text)
        #expect(records.count == 1)
        #expect(records[0].figures["instructions_per_op"] == nil)
    }
    /// The whole channel on the real tool: a sample under Callgrind counts the timed phase. It
    /// broke once without a failing test: an `async` top level parks the main thread in
    /// `dispatch_main`, and Valgrind 3.19 crashed on it, so every sample failed.
    @Test(
        .enabled(if: ToolBinary.canCountInstructions),
        .timeLimit(.minutes(30)))
    func aSampleUnderCallgrindCountsInstructions() throws {
        let records = try Self.benchUnderCallgrind(
            ["--impl", "lock", "--workload", "noop:n=500;width=1", "--samples", "1"], timeout: .seconds(280))
        #expect(records.count == 1)
        let perOperation = try #require(records.first?.figures["instructions_per_op"])
        // An operation of `lock` costs thousands of instructions; zero or a handful means the
        // window never opened, millions that it counted start-up.
        #expect(perOperation > 100 && perOperation < 1_000_000, "\(perOperation) instructions per operation")
    }

    /// Idle waits are left out of the count (`InstructionCounting.whileIdle`), and a worker idle when
    /// the window opens or closes counts its work afterwards. `ping` parks a worker between any two
    /// operations; when the collection state was flipped without regard to the window, `actor`
    /// `ping` ranged over 350 % between processes (threads that stopped counting their own work),
    /// where it varies by under 0.5 % (`results/README.md`, "Idle waiting left out of the count").
    /// The bound is 10 %: since aed1fda the count no longer holds the harness's histogram sets
    /// (13,000 instructions an operation at 500), so the same absolute wobble (a worker started on
    /// a loaded machine: one debug sample of `lock` counted 28,532 beside 27,116 and 27,120) is a
    /// larger share; the defects it guards against moved the count by 350 % and by 15 % (now over
    /// 50 % of the smaller count).
    @Test(
        .enabled(if: ToolBinary.canCountInstructions),
        .timeLimit(.minutes(30)))
    func idleWorkersLeaveTheCountSteady() throws {
        let records = try Self.benchUnderCallgrind(
            ["--impl", "lock", "--impl", "actor", "--workload", "ping:n=200", "--samples", "3"], timeout: .seconds(460))
        for implementation in ["lock", "actor"] {
            try Self.expectSteady(records, implementation, samples: 3, within: 1.10, workload: "ping")
        }
    }

    /// A thread's first latency record claims histograms made before the timed phase, so making
    /// them (3.3 million instructions) is not counted: when it was, `lock` `chain` read two levels
    /// 16 % apart at 2,000 operations, by whether a second worker happened to run a body (more at
    /// 500, where a set adds at least 6,600 instructions an operation, a fifth of a debug build's
    /// count). `lock`'s count of `chain` is otherwise exact to 0.1 % on a quiet machine and to 2 %
    /// on a loaded one (one debug sample beside 4 busy loops counted 34,678 beside 34,146), hence
    /// the 5 % bound. `actor`'s is not checked here: how its drains batch finishes moves its count
    /// by up to 11 % on a loaded machine. It also caught the warm-up's chain being freed in the
    /// window (8 % on one sample of CI's long tier; ``LeftoverWatch``).
    @Test(
        .enabled(if: ToolBinary.canCountInstructions),
        .timeLimit(.minutes(30)))
    func aThreadsFirstLatencyRecordIsNotCounted() throws {
        let records = try Self.benchUnderCallgrind(
            ["--impl", "lock", "--workload", "chain:n=500", "--samples", "4"], timeout: .seconds(460))
        try Self.expectSteady(records, "lock", samples: 4, within: 1.05, workload: "chain")
    }

    /// `implementation`'s `samples` counts per operation lie within a factor `within` of each other.
    static func expectSteady(
        _ records: [SampleRecord], _ implementation: String, samples: Int, within: Double, workload: String
    ) throws {
        let counts = records.filter { $0.implementation == implementation }.compactMap {
            $0.figures["instructions_per_op"]
        }
        try #require(counts.count == samples, "\(implementation): \(counts)")
        #expect(
            counts.max()! / counts.min()! < within,
            "\(implementation) \(workload), instructions per operation: \(counts)")
    }

    /// `queuelab bench --instructions` with `arguments`, no warm-up; the samples it wrote.
    static func benchUnderCallgrind(_ arguments: [String], timeout: Duration) throws -> [SampleRecord] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cg-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome = try ChildProcess.run(
            ChildCommand(
                executable: ToolBinary.queuelab!,
                arguments: ["bench", "--instructions"] + arguments + [
                    "--warmup", "0", "--sample-timeout", "240", "--out", file.path,
                ]),
            timeout: timeout)
        try #require(outcome.status == 0, "exit \(outcome.status): \(outcome.standardError.suffix(600))")
        return try ResultsFile.decode(String(contentsOf: file, encoding: .utf8))
    }
}
