import Foundation
import QueueLabCore
import TestTiers
import Testing

@testable import QueueLabBenchmarks

/// `--resume` takes samples only from a journal of the same plan, whose rows are each one sample of
/// it (issue 28, point 7): another plan or a damaged row is refused on one line, never merged.
@Suite(.onBlockingThreads) struct JournalCheckTests {
    static let noop = Workload(kind: .noop, parameters: ["n": 10])
    static let chain = Workload(kind: .chain, parameters: ["n": 10])

    static func plan(_ workload: Workload = noop, samples: Int = 6, seed: UInt64 = 7) -> BenchmarkPlan {
        var plan = BenchmarkPlan(
            implementations: [ImplementationInfo(name: "a", capabilities: .all)], workloads: [workload],
            variants: [BenchmarkVariant(name: "head", executable: "/bin/sh")])
        plan.samples = samples
        plan.seed = seed
        return plan
    }

    static func record(_ workload: Workload = noop, round: Int, seed: UInt64 = 7, host: String = "h") -> SampleRecord {
        SampleRecord(
            timestamp: "2026-11-25T15:00:00Z", variant: "head", gitCommit: "abc", host: host, cores: 2,
            swiftVersion: "6.3.1", buildConfiguration: "release", allocator: "system", implementation: "a",
            workload: workload.kind.rawValue, parameters: workload.parameterText, seed: seed, round: round,
            figures: ["operations": 10, "ops_per_s": 1000, "wall_s": 0.01])
    }

    /// A journal written by `plan` holding `records`, then its raw text edited by `edit`; resumed
    /// by `resumer`: the error's text, or nil when it was taken.
    static func resume(
        written plan: BenchmarkPlan, records: [SampleRecord], edit: (String) -> String = { $0 },
        by resumer: BenchmarkPlan, seedGiven: Bool = false, roundLimit: Int? = 6
    ) throws -> String? {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "queuelab-journal-check-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("run.csv").path
        do {
            let journal = try SampleJournal(
                target: target, resuming: false,
                expected: .init(variant: "head", plan: plan, seedGiven: false, roundLimit: roundLimit))
            for record in records { try journal.append(record) }
        }
        let partial = SampleJournal.partialPath(for: target)
        try edit(String(contentsOfFile: partial, encoding: .utf8)).write(
            toFile: partial, atomically: true, encoding: .utf8)
        do {
            let resumed = try SampleJournal(
                target: target, resuming: true,
                expected: .init(variant: "head", plan: resumer, seedGiven: seedGiven, roundLimit: roundLimit))
            #expect(resumed.resumed.count == records.count)
            return nil
        } catch {
            #expect(!error.description.contains("\n"), "one line")
            return error.description
        }
    }

    @Test func theSamePlanResumesWithTheJournalsSeed() throws {
        let records = [Self.record(round: 0), Self.record(round: 1)]
        #expect(try Self.resume(written: Self.plan(), records: records, by: Self.plan(seed: 99)) == nil)
    }

    @Test func anotherPlanIsRefused() throws {
        let records = [Self.record(round: 0)]
        let chain = try Self.resume(written: Self.plan(), records: records, by: Self.plan(Self.chain))
        #expect(
            chain?.contains(
                "another plan wrote this journal: --workload is 'noop:n=10;width=-1' in the journal, 'chain:n=10' here")
                == true)
        let fewer = try Self.resume(written: Self.plan(), records: records, by: Self.plan(samples: 3))
        #expect(fewer?.contains("--samples is '6' in the journal, '3' here") == true)
        var pinned = Self.plan()
        pinned.pinning = try CPUPinning(parsing: "0", onlineCPUs: 2, taskset: "/usr/bin/taskset")
        #expect(try Self.resume(written: Self.plan(), records: records, by: pinned)?.contains("--pin is 'off'") == true)
        let seed = try Self.resume(written: Self.plan(), records: records, by: Self.plan(seed: 5), seedGiven: true)
        #expect(seed?.contains("--seed 5 differs from the journal's 7") == true)
        let binary = try Self.resume(
            written: Self.plan(), records: records,
            by: {
                var plan = Self.plan()
                plan.variants = [BenchmarkVariant(name: "head", executable: "/bin/ls")]
                return plan
            }())
        #expect(binary?.contains("the binaries") == true)
    }

    @Test func damagedRowsAreRefused() throws {
        let plan = Self.plan()
        func problem(_ records: [SampleRecord], edit: (String) -> String = { $0 }) throws -> String? {
            try Self.resume(written: plan, records: records, edit: edit, by: plan)
        }
        let twice = try problem([Self.record(round: 0), Self.record(round: 1), Self.record(round: 1)])
        #expect(twice?.contains(":5: a second sample of a noop n=10;width=-1 #1 (the first is on line 4)") == true)
        // Refused by the CSV reader itself, before any field is looked at.
        #expect(try problem([Self.record(round: 0, host: "h\u{0}x")])?.contains("a control character (byte 0)") == true)
        #expect(try problem([Self.record(round: 0, host: "h\u{7F}x")])?.contains("'host' holds bytes") == true)
        #expect(try problem([Self.record(round: 6)])?.contains("round 6 is beyond the plan's 6 rounds") == true)
        #expect(try problem([Self.record(round: 0), Self.record(round: 1, seed: 8)])?.contains("seed 8") == true)
        #expect(try problem([Self.record(Self.chain, round: 0)])?.contains("cell 'a chain n=10' is not in") == true)
        let garbage = try problem([Self.record(round: 0)]) { $0 + "garbage text\n" }
        #expect(garbage?.contains(":4: row has 1 fields") == true)
        let invalid = try problem([Self.record(round: 0)]) { $0.replacingOccurrences(of: ",h,", with: ",h\u{FFFD},") }
        #expect(invalid?.contains("'host' holds bytes") == true)
        let old = try problem([Self.record(round: 0)]) { String($0.drop { $0 != "\n" }.dropFirst()) }
        #expect(old?.contains(":1: the journal records no plan") == true)
        // Rounds beyond the plan are the sequential mode's own: accepted there.
        #expect(try Self.resume(written: plan, records: [Self.record(round: 9)], by: plan, roundLimit: nil) == nil)
    }
}
