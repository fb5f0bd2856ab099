import Foundation
import QueueLabCore
import TestTiers
import Testing

@testable import QueueLabBenchmarks

/// Samples are journalled as they finish; a killed run keeps them and `--resume` takes only the rest.
@Suite(.longTier("end-to-end bench runs killed and resumed")) struct JournalTests {
    struct Killed: Error {}

    @Test(.timeLimit(.minutes(30)))
    func aRunKilledMidwayKeepsItsSamplesAndResumes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("queuelab-journal-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("run.csv").path
        let line = SampleProtocol.Response(
            figures: SampleFigures(
                values: ["operations": 10, "ops_per_s": 1000, "wall_s": 0.01], buildConfiguration: "debug",
                allocator: "system")
        ).jsonLine()
        var plan = BenchmarkPlan(
            implementations: [ImplementationInfo(name: "a", capabilities: .all)],
            workloads: [Workload(kind: .noop, parameters: ["n": 10]), Workload(kind: .chain, parameters: ["n": 10])],
            variants: [BenchmarkVariant(name: "head", executable: "/bin/sh")])
        plan.samples = 4
        let metadata = RunMetadata(host: "h", cores: 2, swiftVersion: "6.3.1")
        func runner(_ journal: SampleJournal, killAfter: Int?) -> BenchmarkRunner {
            var count = 0
            let runner = BenchmarkRunner(
                plan: plan, metadata: metadata, progress: { _ in },
                launcher: { command, timeout in
                    count += 1
                    if let killAfter, count > killAfter { throw Killed() }
                    return try ChildProcess.run(
                        ChildCommand(executable: "/bin/sh", arguments: ["-c", "echo '\(line)'"]), timeout: timeout)
                }, resuming: journal.resumed, onSample: { try journal.append($0) })
            return runner
        }
        let expected = SampleJournal.Expectation(
            variant: "head", plan: plan, seedGiven: false, roundLimit: plan.samples)
        // 2 cells: 2 warm-up launches, then 5 samples, then the "kill".
        let first = try SampleJournal(target: target, resuming: false, expected: expected)
        #expect(throws: Killed.self) { try runner(first, killAfter: 7).run() }
        #expect(!FileManager.default.fileExists(atPath: target), "the target is written only at the end")
        let journalText = try String(contentsOfFile: first.partialPath, encoding: .utf8)
        #expect(journalText.hasPrefix("#queuelab-journal-plan {"), "the plan is the journal's first line")
        let journalled = try ResultsFile.decode(String(journalText.drop { $0 != "\n" }.dropFirst()))
        #expect(journalled.count == 5)
        // A rerun without --resume refuses to overwrite the journal.
        #expect(throws: ResultsFileError.self) {
            try SampleJournal(target: target, resuming: false, expected: expected)
        }

        let second = try SampleJournal(target: target, resuming: true, expected: expected)
        #expect(second.resumed == journalled)
        let result = try runner(second, killAfter: nil).run()
        let new = result.records["head"] ?? []
        #expect(new.count == 3, "only the 3 samples the killed run had not taken")
        try second.finish(second.resumed + new)
        let all = try ResultsFile.read(target)
        #expect(all.count == 8)
        let taken = Set(all.map { "\($0.cellKey) #\($0.round)" })
        #expect(taken.count == 8, "each cell once per round")
        #expect(!FileManager.default.fileExists(atPath: second.partialPath))
    }
}
