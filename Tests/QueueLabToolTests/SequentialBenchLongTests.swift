import Foundation
import QueueLabBenchmarks
import TestSupport
import TestTiers
import Testing

/// `bench --until-detectable`: adds rounds while a headline cell cannot detect the limit, within the budget.
@Suite(.longTier("end-to-end benches that add rounds until detectable")) struct SequentialBenchTests {
    static func bench(_ extra: [String], samples: Int = 6, in directory: URL) throws -> ChildOutcome {
        let binary = ToolBinary.queuelab!
        let arguments =
            [
                "bench", "--impl", "lock", "--workload", "noop:n=20", "--samples", "\(samples)", "--warmup", "0",
                "--variant", "base=\(binary)", "--variant", "head=\(binary)", "--out-dir", directory.path,
            ] + extra
        return try ChildProcess.run(ChildCommand(executable: binary, arguments: arguments), timeout: .seconds(120))
    }

    @Test(.enabled(if: ToolBinary.queuelab != nil), .timeLimit(.minutes(30)))
    func addsRoundsUntilTheBudgetIsSpent() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("queuelab-seq-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        // No run can detect 0.001 %: steps of 2 rounds until the 1 s budget (after the 6 rounds) is spent.
        let outcome = try Self.bench(
            ["--until-detectable", "0.001%", "--budget", "1s", "--until-step", "2"], in: directory)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("budget spent; still above 0.0%"), "\(outcome.standardOutput)")
        let head = try ResultsFile.read(directory.appendingPathComponent("head.csv").path)
        #expect(head.count >= 8 && head.count % 2 == 0, "\(outcome.standardOutput)")
        #expect(Set(head.map(\.round)) == Set(0..<head.count))
        // Base got the same rounds: still paired.
        let base = try ResultsFile.read(directory.appendingPathComponent("base.csv").path)
        #expect(Set(base.map(\.round)) == Set(head.map(\.round)))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("head.csv.partial").path))
    }

    @Test(.enabled(if: ToolBinary.queuelab != nil), .timeLimit(.minutes(30)))
    func saysThePlanBeforeTheExtraRounds() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("queuelab-seq4-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        // 10 pairs detect something (see below), so the first pass can plan: 0.001 % is out of reach.
        let outcome = try Self.bench(["--until-detectable", "0.001%", "--budget", "3s"], samples: 10, in: directory)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let output = outcome.standardOutput
        #expect(output.contains("plan for the 3.0s budget"), "\(output)")
        #expect(output.contains("lock noop n=20;width=-1: detects "), "\(output)")
        #expect(output.contains("expected still above 0.0% when the budget ends"), "\(output)")
        // Said before the first extra round.
        let plan = try #require(output.range(of: "plan for the"))
        let firstStep = try #require(output.range(of: "rounds 11 to"))
        #expect(plan.lowerBound < firstStep.lowerBound)
    }

    @Test(.enabled(if: ToolBinary.queuelab != nil), .timeLimit(.minutes(30)))
    func stopsAtOnceWhenEveryCellCanDetectTheLimit() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("queuelab-seq2-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        // 10 pairs: Holm's strictest level over the 3 judged rows (0.05/3) is within reach of the exact
        // signed-rank test (6 pairs are not: smallest p 1/32, detectable "none", and it would sample on).
        let outcome = try Self.bench(["--until-detectable", "100000%"], samples: 10, in: directory)
        let output = outcome.standardOutput
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(output.contains("every headline cell can detect"), "\(output)")
        // Whether 10 pairs detect a thousandfold change depends on the runner's noise: a loaded CI
        // runner once stretched a 20-operation sample that far. The oracle is the comparison the
        // tool makes, made again here on the first 10 rounds it wrote.
        let base = try ResultsFile.read(directory.appendingPathComponent("base.csv").path)
        let head = try ResultsFile.read(directory.appendingPathComponent("head.csv").path)
        let firstPass = Comparison.compare(
            base: base.filter { $0.round < 10 }, head: head.filter { $0.round < 10 })
        if firstPass.undetectable(beyond: 1000).isEmpty {
            #expect(base.count == 10 && head.count == 10, "\(output)")
            #expect(!output.contains("rounds 11 to"), "\(output)")
        } else {
            #expect(output.contains("rounds 11 to"), "\(output)")
            #expect(Comparison.compare(base: base, head: head).undetectable(beyond: 1000).isEmpty, "\(output)")
        }
    }

    @Test(.enabled(if: ToolBinary.queuelab != nil), .timeLimit(.minutes(30)))
    func badSequentialOptionsAreBadInput() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("queuelab-seq3-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        for (extra, message) in [
            (["--until-detectable", "ten"], "--until-detectable must be a percentage above 0"),
            (["--until-detectable", "10%", "--budget", "soon"], "--budget must be a duration"),
            (
                ["--until-detectable", "10%", "--budget", "9223372036854775807h"],
                "--budget must be a duration from 1s to 7 days (168h) such as 90s, 10m or 1h, got '9223372036854775807h'"
            ),
            (["--until-detectable", "10%", "--until-step", "-1"], "--until-step must be 1 to 1000, got -1"),
        ] {
            let outcome = try Self.bench(extra, in: directory)
            #expect(outcome.status == 2)
            #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
        }
    }
}
