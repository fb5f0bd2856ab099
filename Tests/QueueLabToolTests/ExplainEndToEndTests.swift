import ArgumentParser
import Foundation
import QueueLabBenchmarks
import QueueLabCore
import QueueLabImplementations
import QueueLabInvestigation
import TestSupport
import TestTiers
import Testing

@testable import QueueLabTool

/// Small traced runs through the real queues: what the trace carries and what explain makes of it.
/// Nothing here is timed; every run has a bounded drain.
@Suite(.onBlockingThreads) struct ExplainEndToEndTests {
    static func recorded(_ implementation: String, _ workload: String, policy: String? = nil) throws -> RecordedRun {
        let recipe = try Implementations.recipe(named: implementation, policy: policy)
        return try TraceRun.recordRun(
            recipe, workload: TraceRun.workload(parsing: workload), drainTimeout: .seconds(30)
        )
        .run
    }

    /// A traced chain carries its queue, width and stamped bodies, and explains as a chain: every
    /// operation on the critical path, each released by its dependency.
    @Test(arguments: ["lock", "actor", "foundation"])
    func aChainExplainsAsAChain(implementation: String) throws {
        let run = try Self.recorded(implementation, "chain:n=30")
        #expect(run.queues.count == 1)
        #expect(run.queueOf.count == 30 && Set(run.queueOf.values) == [0])
        #expect(run.bodies.count == 30)
        let explanation = RunExplanation(run)
        #expect(explanation.operations == 30 && explanation.unfinished == 0 && explanation.bodiesStamped == 30)
        let queue = try #require(explanation.byQueue.first)
        #expect(explanation.phases.values.reduce(0, +) == queue.totals.values.reduce(0, +))
        let path = explanation.criticalPath
        #expect(path.links.count == 30)
        #expect(path.links.dropFirst().allSatisfy { $0.reason == .dependency })
        #expect(path.phases.values.reduce(0, +) == path.makespanNanoseconds)
        #expect((path.phases["body"] ?? 0) > 0)
    }

    /// `noop:width=1` records the width the workload set, and a width-1 queue never has more than
    /// one operation executing, so its utilisation is at most one slot.
    @Test func aWidthOneQueueIsExplainedAgainstItsWidth() throws {
        let run = try Self.recorded("lock", "noop:n=200;width=1")
        #expect(run.queues.map(\.width) == [1])
        let explanation = RunExplanation(run, buckets: 10)
        let utilisation = try #require(explanation.utilisation.first)
        #expect(utilisation.width == 1)
        #expect(utilisation.busySlots.allSatisfy { $0 <= 1.000_001 })
        #expect(utilisation.utilisation <= 1.000_001 && !utilisation.widthInferred)
    }

    /// What `trace --format transitions` writes, `explain --trace` reads back unchanged.
    @Test func aRecordedRunSurvivesItsFile() throws {
        let run = try Self.recorded("lock", "dag:n=40", policy: "fifo")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("explain-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: url) }
        try run.writeTransitions(to: url)
        let read = try RecordedRun.readTransitions(from: Data(contentsOf: url))
        #expect(read.transitions == run.transitions && read.dependencies == run.dependencies)
        #expect(read.metadata["policy"] == "fifo")
        let explanation = RunExplanation(read)
        #expect(explanation.text().contains("critical path"))
        let json = try JSONEncoder().encode(explanation)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["schema"] as? String == RunExplanation.schema)
    }

    @Test func explainTakesOneSourceOfRuns() throws {
        #expect(throws: (any Error).self) { try ExplainCommand.parse(["--trace", "a.txt", "--impl", "lock"]) }
        #expect(throws: (any Error).self) {
            try ExplainCommand.parse(["--impl", "lock,actor,foundation", "--workload", "chain"])
        }
        #expect(throws: (any Error).self) { try ExplainCommand.parse(["--impl", "lock"]) }
        #expect(throws: (any Error).self) {
            try ExplainCommand.parse(["--trace", "a", "--trace", "b", "--trace", "c"])
        }
        #expect(try ExplainCommand.parse(["--trace", "a.txt", "--trace", "b.txt"]).traces.count == 2)
        #expect(
            try ExplainCommand.parse(["--impl", "lock", "--policy", "strict,inherit", "--workload", "inversion"]).format
                == .text)
        #expect(try ExplainCommand.parse(["--trace", "a.txt", "--format", "html"]).format == .html)
    }

    /// What `report --explain` does with a file `trace --format transitions` wrote: read it as the
    /// command does (``TraceFile``) and put its explain section in the page of a benchmark CSV. (The
    /// command itself needs the tool's installed implementations, which a test process does not have.)
    @Test func aReportExplainsATraceFile() throws {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: trace) }
        try Self.recorded("lock", "dag:n=40").writeTransitions(to: trace)
        let csv = TestFixtures.url("aa-wall-head.csv")
        let report = HTMLReport(
            run: try ResultsFile.read(csv.path), runSource: "aa-wall-head.csv",
            explanations: [RunExplanation(TraceFile.read(trace.path))])
        let html = report.render()
        #expect(html.contains("id=\"explain\"") && html.contains("id=\"throughput\""))
        #expect(html.contains("<h3>lock dag:") && html.contains("40 operations explained"))
    }

    /// `report --explain` takes one or two traced runs, as explain compares at most two.
    @Test func reportTakesAtMostTwoTracedRuns() throws {
        let two = try ReportCommand.parse(["run.csv", "--out", "r.html", "--explain", "a.txt", "--explain", "b.txt"])
        #expect(two.explainTraces == ["a.txt", "b.txt"])
        #expect(throws: (any Error).self) {
            try ReportCommand.parse([
                "run.csv", "--out", "r.html", "--explain", "a", "--explain", "b", "--explain", "c",
            ])
        }
    }
}
