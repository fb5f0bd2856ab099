import Foundation
import QueueLabBenchmarks
import TestSupport
import TestTiers
import Testing

/// Issue 26 point 5 (the crash part) and campaigns of seeds, through the real executable: the
/// example tool `queuelab-example`, whose own queue `mine` traps in `addBarrierBlock` when
/// QUEUELAB_EXAMPLE_TRAP_ON_BARRIER is set. (A queue of this test target cannot be the child:
/// crash isolation re-executes the tool, so the trapping queue has to live in a tool.)
@Suite(.longTier("end-to-end conform runs in child processes"), .enabled(if: ToolBinary.example != nil))
struct ConformIsolationTests {
    static let trap = ["QUEUELAB_EXAMPLE_TRAP_ON_BARRIER": "1"]

    @Test(.timeLimit(.minutes(30))) func aQueueThatTrapsGetsCrashAndTheOtherChecksStillReport() throws {
        let run = try conform(
            ["--impl", "mine", "--check", "deps.chain,barrier.order,once.body", "--format", "json"],
            environment: Self.trap)
        #expect(run.status == 1, "a CRASH fails the run: \(run.standardError)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let report = try #require(document["report"] as? [String: Any])
        let outcomes = try #require(report["outcomes"] as? [[String: Any]])
        let verdicts = Dictionary(
            uniqueKeysWithValues: outcomes.map { ($0["checkID"] as? String ?? "", $0["verdict"] as? String ?? "") })
        #expect(verdicts == ["deps.chain": "PASS", "barrier.order": "CRASH", "once.body": "PASS"])
        let crash = try #require(outcomes.first { $0["verdict"] as? String == "CRASH" })
        #expect((crash["summary"] as? String ?? "").contains("signal"), "\(crash)")
        let evidence = (crash["evidence"] as? [String] ?? []).joined(separator: "\n")
        #expect(evidence.contains("QUEUELAB_EXAMPLE_TRAP_ON_BARRIER is set"), "the trap's own message: \(evidence)")
        let replay = try #require(document["replay"] as? [String: String])
        #expect(
            replay["mine barrier.order"]
                == "queuelab-example conform --impl mine --check barrier.order --seed 1 --level quick")
    }

    @Test(.timeLimit(.minutes(30))) func theTextReportShowsTheCrashWithItsReplay() throws {
        let run = try conform(["--impl", "mine", "--check", "barrier.order,deps.chain"], environment: Self.trap)
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("CRASH mine barrier.order: the process running the check died: signal"))
        #expect(run.standardOutput.contains("replay: queuelab-example conform --impl mine --check barrier.order"))
        #expect(run.standardOutput.contains("1 PASS, 0 FAIL, 0 STALE, 0 UNSUPPORTED, 1 CRASH"))
    }

    /// Every seed crashes its child: each gets CRASH and a fresh child takes the next.
    @Test(.timeLimit(.minutes(30))) func aCampaignTalliesCrashesSeedBySeed() throws {
        let run = try conform(
            ["--impl", "mine,lock", "--check", "barrier.order", "--seeds", "1-3"], environment: Self.trap)
        #expect(run.status == 1)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("  barrier.order") && $0.hasSuffix("3 CRASH") }, "\(run.standardOutput)")
        #expect(lines.contains { $0.hasPrefix("  barrier.order") && $0.hasSuffix("3 PASS") }, "\(run.standardOutput)")
        for seed in 1...3 {
            #expect(
                lines.contains(
                    "  replay: queuelab-example conform --impl mine --check barrier.order --seed \(seed) --level quick")
            )
        }
    }

    @Test(.timeLimit(.minutes(30))) func aCampaignOfSeedsTalliesEachCheck() throws {
        let run = try conform(["--impl", "lock", "--check", "deps.chain,once.body", "--seeds", "1-3,10"])
        #expect(run.status == 0, "\(run.standardOutput)\n\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("4 seeds (1 to 10), level quick"))
        let tallies = run.standardOutput.split(separator: "\n").filter { $0.hasSuffix("4 PASS") }
        #expect(tallies.count == 2, "\(run.standardOutput)")
        #expect(run.standardOutput.contains("8 outcomes: 8 PASS"))
    }

    @Test func badSeedsAreRefusedBeforeAnythingRuns() throws {
        for bad in ["", "5-1", "a", "1-", "1,,2"] {
            let run = try conform(["--impl", "lock", "--check", "deps.chain", "--seeds", bad])
            #expect(run.status == 2, "--seeds '\(bad)': \(run.standardError)")
            #expect(run.standardError.contains("--seeds"))
        }
    }

    /// 20 seeds of the race check, each in its own outcome: minutes on a loaded machine.
    @Test(.timeLimit(.minutes(30)))
    func twentySeedsOfTheRaceCheck() throws {
        let run = try conform(["--impl", "mine", "--check", "once.cancel-race,cancel.race", "--seeds", "1-20"])
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.standardOutput.contains("40 outcomes"))
    }

    private func conform(_ arguments: [String], environment: [String: String] = [:]) throws -> ChildOutcome {
        try ChildProcess.run(
            ChildCommand(
                executable: ToolBinary.example!, arguments: ["conform"] + arguments,
                environment: environment),
            timeout: .seconds(170))
    }
}
