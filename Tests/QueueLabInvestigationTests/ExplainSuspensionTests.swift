import Foundation
import QueueLabCore
import QueueLabImplementations
import TestTiers
import Testing

@testable import QueueLabBenchmarks
@testable import QueueLabInvestigation

/// Time an operation waited on a suspended queue is its owner's hold (`suspended`), not the queue's
/// overhead, the policy's choice or lost capacity.
@Suite(.onBlockingThreads) struct ExplainSuspensionTests {
    /// Width 1, suspended from 10 to 200: op1 ready at 0, runs 300 to 310; op2 ready at 50, runs 310
    /// to 320.
    static var suspendedRun: RecordedRun {
        var run = ExplainAnalysisTests.run(
            [
                (1, .ready, 0), (2, .ready, 50), (1, .executing, 300), (1, .finished, 310), (2, .executing, 310),
                (2, .finished, 320),
            ], width: 1)
        run.queues[0].suspensions = [RecordedRun.Suspension(from: 1_010, until: 1_200)]
        return run
    }

    @Test func waitingOnASuspendedQueueIsItsOwnPhase() throws {
        let run = Self.suspendedRun
        let lives = RunLives(run)
        let timeline = QueueTimeline(
            width: 1, lives: lives.lives, members: Array(lives.lives.indices), suspensions: [(1_010, 1_200)])
        let split = PhaseSplit(
            lives: lives.lives, timelines: [timeline], unqueued: QueueTimeline(width: -1, lives: [], members: []))
        let first = split.phases(of: try #require(lives.index[OperationID(rawValue: 1)]))
        let second = split.phases(of: try #require(lives.index[OperationID(rawValue: 2)]))
        #expect(first[.suspended] == 190 && first[.queueOverhead] == 110 && first[.heldBack] == 0)
        #expect(second[.suspended] == 150 && second[.slotWait] == 10 && second[.heldBack] == 100)
        #expect(second[.queueOverhead] == 0 && second.queueWait == 260)
        let utilisation = try #require(RunExplanation(run).utilisation.first)
        #expect(utilisation.suspendedNanoseconds == 190 && utilisation.capacityLostNanoseconds == 110)
    }

    @Test func suspensionsSurviveTheTextForm() throws {
        var run = Self.suspendedRun
        run.queues[0].suspensions.append(RecordedRun.Suspension(from: 1_400, until: .max))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("suspended-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: url) }
        try run.writeTransitions(to: url)
        let read = try RecordedRun.readTransitions(from: Data(contentsOf: url))
        #expect(read.queues == run.queues)
    }

    /// `makespan` adds its graph to a suspended queue and resumes it: the trace holds the
    /// suspension, and explain gives the time ready operations waited for the resume to `suspended`,
    /// not to the queue.
    @Test(arguments: ["lock", "actor", "foundation"])
    func aTracedRunRecordsItsSuspension(implementation: String) throws {
        let recipe = try Implementations.recipe(named: implementation)
        let run = try TraceRun.recordRun(
            recipe, workload: Workload(parsing: "makespan:n=200;length=40;width=2;us=5"), drainTimeout: .seconds(30)
        ).run
        let suspension = try #require(run.queues.first?.suspensions.first)
        #expect(run.queues[0].suspensions.count == 1 && suspension.from < suspension.until)
        #expect(suspension.until < .max)
        // `lock` delivers each `ready` inside the add call, before the resume; `actor` posts its adds
        // to its mailbox, which may take them after the resume, so its operations may be ready only
        // then, and rightly show no suspended time.
        guard implementation == "lock" else { return }
        let explanation = RunExplanation(run)
        #expect((explanation.phases[ExplainPhase.suspended.rawValue] ?? 0) > 0)
    }
}
