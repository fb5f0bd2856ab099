import Foundation
import QueueLabCore
import QueueLabImplementations
import QueueLabRecorder
import TestTiers
import Testing

@testable import QueueLabBenchmarks
@testable import QueueLabInvestigation

/// `replay` through the real queues, checked with the trace of the replay: the recorded
/// dependencies, priorities, cancellations and queues come back.
@Suite(.onBlockingThreads) struct ReplayTests {
    /// One queue of width 1. `blocker` (normal, 100 ms) runs first; meanwhile `low` (veryLow), `high`
    /// (veryHigh) and `doomed` (cancelled 1 ms after its add) arrive; `after` waits for `low`. The
    /// blocker is long so that a replay delayed by a loaded machine still cancels `doomed` before
    /// the slot frees (at 3 ms, one run in a parallel debug test run ran its body first).
    static let recordingText = """
        queuelab-recording/1
        q 0 1 ui%20queue
        o 10 0 0 0 0 100000000 - - blocker
        o 11 0 -8 100000 0 200000 - - low
        o 12 0 8 200000 0 200000 - - high
        o 13 0 0 300000 0 200000 1000000 - doomed
        o 14 0 4 400000 0 200000 - 11 after

        """

    static func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString).qlr").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: ["lock", "actor", "foundation"])
    func replayKeepsDependenciesPrioritiesAndCancellations(implementation: String) throws {
        let path = try Self.write(Self.recordingText)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recipe = try Implementations.recipe(named: implementation)
        let run = try TraceRun.recordRun(
            recipe, workload: Workload(parsing: "replay:file=\(path)"), drainTimeout: .seconds(30)
        ).run
        #expect(run.queues.map(\.name) == ["ui queue"] && run.queues.map(\.width) == [1])
        // explain reads the replay like any traced run: every operation, the queue's width.
        let explanation = RunExplanation(run)
        #expect(explanation.operations == 5 && explanation.unfinished == 0)
        #expect(explanation.utilisation.first?.width == 1)
        var ids: [String: OperationID] = [:]
        var priorities: [String: QueuePriority] = [:]
        for transition in run.transitions {
            if let name = transition.name {
                ids[name] = transition.operation
                priorities[name] = transition.priority
            }
        }
        #expect(
            priorities == ["blocker": .normal, "low": .veryLow, "high": .veryHigh, "doomed": .normal, "after": .high])
        let after = try #require(ids["after"])
        let low = try #require(ids["low"])
        #expect(run.dependencies[after] == [low])
        func time(_ name: String, _ event: OperationEvent) -> UInt64? {
            run.transitions.first { $0.operation == ids[name] && $0.event == event }?.timestamp
        }
        // The dependency held: `after` started once `low` finished.
        let afterStart = try #require(time("after", .executing))
        let lowFinish = try #require(time("low", .finished))
        #expect(afterStart >= lowFinish)
        // The cancellation came back, and its body never ran.
        let doomed = try #require(ids["doomed"])
        #expect(time("doomed", .cancelled) != nil)
        #expect(run.bodies[doomed] == nil)
        // Priorities ordered the width-1 queue: `high` ran before `low` (both waited for `blocker`).
        if try Implementations.registry.named(implementation).capabilities.contains(.priorities) {
            let highStart = try #require(time("high", .executing))
            let lowStart = try #require(time("low", .executing))
            #expect(highStart < lowStart)
        }
    }

    /// The shipped recording parses, and its replay on `lock` at ten times the speed runs every
    /// operation it recorded (the figures of a real replay: makespan and per-class waits).
    @Test func theShippedRecordingReplays() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/recordings/earthquakes.qlr").path
        let recording = try Recording(path: path)
        #expect(recording.operations.count == 109 && recording.queues.count == 2 && recording.warning == nil)
        let figures = try SampleRunner.run(
            Implementations.registry.named("lock"), workload: Workload(parsing: "replay:file=\(path);speed=10"),
            warmUp: false
        ).values
        #expect(figures["operations"] == 109)
        #expect((figures["makespan_ns"] ?? 0) > 0)
        #expect(figures["prio_veryhigh_e2s_p50_ns"] != nil && figures["prio_low_e2s_p99_ns"] != nil)
    }

    /// A queue recorded at width 2, set to 1 and suspended before its first add, resumed after its
    /// last: `low` (added first) and `high` wait together, so `high` runs first and neither body
    /// overlaps the other. A replay that ignored the suspension would start `low` at its add, before
    /// `high` exists; one that ignored the width would run them side by side.
    static let suspendedText = """
        queuelab-recording/2
        q 0 2 held
        w 0 100 1
        s 0 200 1
        s 0 5000000 0
        o 20 0 -8 1000 4999000 20000000 - - low
        o 21 0 8 1000000 4000000 20000000 - - high

        """

    @Test(arguments: ["lock", "actor", "foundation"])
    func replayKeepsSuspensionAndWidth(implementation: String) throws {
        let path = try Self.write(Self.suspendedText)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recipe = try Implementations.recipe(named: implementation)
        let run = try TraceRun.recordRun(
            recipe, workload: Workload(parsing: "replay:file=\(path)"), drainTimeout: .seconds(30)
        ).run
        var ids: [String: OperationID] = [:]
        for transition in run.transitions { if let name = transition.name { ids[name] = transition.operation } }
        let low = try #require(ids["low"].flatMap { run.bodies[$0] })
        let high = try #require(ids["high"].flatMap { run.bodies[$0] })
        #expect(high.start < low.start, "high ran after low: the suspension was not replayed")
        #expect(high.end <= low.start, "the bodies overlapped: width 1 was not replayed")
    }
}
