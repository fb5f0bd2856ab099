import Foundation
import QueueLabCore
import TestTiers
import Testing

@testable import QueueLabBenchmarks
@testable import QueueLabInvestigation

/// The analysis on hand-built runs whose answer is known to the nanosecond.
@Suite(.onBlockingThreads) struct ExplainAnalysisTests {
    /// A run from `(operation, event, time)` rows, in the order given (the causal order).
    static func run(
        _ rows: [(UInt64, OperationEvent, UInt64)], width: Int, priorities: [UInt64: QueuePriority] = [:],
        dependencies: [UInt64: [UInt64]] = [:], bodies: [UInt64: (UInt64, UInt64)] = [:],
        addCalls: [UInt64: (UInt64, UInt64)] = [:]
    ) -> RecordedRun {
        var sequence: UInt64 = 0
        let transitions = rows.map { row in
            sequence += 1
            return StateTransition(
                operation: OperationID(rawValue: row.0), name: "op\(row.0)", event: row.1,
                priority: priorities[row.0] ?? .normal, timestamp: 1_000 + row.2, thread: 1, sequence: sequence)
        }
        var queueOf: [OperationID: Int] = [:]
        for row in rows { queueOf[OperationID(rawValue: row.0)] = 0 }
        return RecordedRun(
            transitions: transitions,
            dependencies: Dictionary(
                uniqueKeysWithValues: dependencies.map {
                    (OperationID(rawValue: $0.key), $0.value.map(OperationID.init(rawValue:)))
                }),
            queues: [.init(name: "q", width: width)], queueOf: queueOf,
            bodies: Dictionary(
                uniqueKeysWithValues: bodies.map {
                    (
                        OperationID(rawValue: $0.key),
                        RecordedRun.BodySpan(start: 1_000 + $0.value.0, end: 1_000 + $0.value.1)
                    )
                }),
            addCalls: Dictionary(
                uniqueKeysWithValues: addCalls.map {
                    (
                        OperationID(rawValue: $0.key),
                        RecordedRun.AddCall(entered: 1_000 + $0.value.0, returned: 1_000 + $0.value.1)
                    )
                }))
    }

    static func phases(_ run: RecordedRun) -> [UInt64: OperationPhases] {
        let lives = RunLives(run)
        let timeline = QueueTimeline(
            width: run.queues[0].width, lives: lives.lives, members: Array(lives.lives.indices))
        let split = PhaseSplit(
            lives: lives.lives, timelines: [timeline], unqueued: QueueTimeline(width: -1, lives: [], members: []))
        var result: [UInt64: OperationPhases] = [:]
        for (index, life) in lives.lives.enumerated() {
            let phases = split.phases(of: index)
            #expect(phases.total == life.finished - life.added, "op \(life.id): phases must add up to its life")
            #expect(ExplainPhase.allCases.allSatisfy { phases[$0] >= 0 }, "op \(life.id): \(phases.nanoseconds)")
            result[life.id.rawValue] = phases
        }
        return result
    }

    /// A chain of two: the second is pending exactly as long as the first made it wait.
    static let chain = run(
        [
            (1, .ready, 0), (2, .pending, 0), (1, .executing, 10), (1, .finished, 55), (2, .ready, 60),
            (2, .executing, 70), (2, .finished, 105),
        ], width: 1, dependencies: [2: [1]], bodies: [1: (12, 50), 2: (72, 100)])

    @Test func aChainsPendingPhaseIsTheDependencyWait() throws {
        let phases = Self.phases(Self.chain)
        let second = try #require(phases[2])
        #expect(second[.dependencies] == 60)
        #expect(second[.queueOverhead] == 10 && second[.slotWait] == 0 && second[.heldBack] == 0)
        #expect(second[.handOff] == 2 && second[.body] == 28 && second[.release] == 5)
        // Width 1 over 105 ns: 80 taken, 20 lost (ready, nothing started), 5 idle (55 to 60, nothing ready).
        let utilisation = RunExplanation(Self.chain).utilisation[0]
        #expect(utilisation.capacityLostNanoseconds == 20 && utilisation.idleNanoseconds == 5)
        let first = try #require(phases[1])
        #expect(first[.dependencies] == 0 && first[.queueOverhead] == 10 && first[.body] == 38)
    }

    /// Width 1, three ready at once, bodies not stamped: the backlog waits for the slot.
    static let backlog = run(
        [
            (1, .ready, 0), (2, .ready, 0), (3, .ready, 0), (1, .executing, 1), (1, .finished, 11),
            (2, .executing, 12), (2, .finished, 22), (3, .executing, 23), (3, .finished, 33),
        ], width: 1)

    @Test func aWidthOneBacklogWaitsForTheSlot() throws {
        let phases = Self.phases(Self.backlog)
        let second = try #require(phases[2])
        let third = try #require(phases[3])
        #expect(second[.slotWait] == 10 && second[.heldBack] == 1 && second[.queueOverhead] == 1)
        #expect(third[.slotWait] == 20 && third[.heldBack] == 2 && third[.queueOverhead] == 1)
        #expect(third[.body] == 10 && third[.handOff] == 0 && third[.release] == 0)
        let explanation = RunExplanation(Self.backlog, buckets: 3)
        #expect(explanation.utilisation[0].capacityLostNanoseconds == 3)
        #expect(explanation.utilisation[0].idleNanoseconds == 0)
        #expect(explanation.makespanNanoseconds == 33)
    }

    /// The critical path of the backlog runs through each slot's freer, and adds up to the makespan.
    @Test func theBacklogsCriticalPathFollowsTheSlot() {
        let path = RunExplanation(Self.backlog).criticalPath
        #expect(path.links.map(\.id) == [1, 2, 3])
        #expect(path.links.map(\.reason) == [.start, .slot, .slot])
        #expect(path.phases == ["body": 30, "queue-overhead": 3])
        #expect(path.phases.values.reduce(0, +) == path.makespanNanoseconds)
    }

    /// Width 1: `low` and `high` wait behind a blocker; when it finishes the policy starts `high`
    /// (4 ns later). Those 4 ns are `high`'s queue overhead but `low`'s held-back time.
    @Test func aPolicyPickHoldsTheOtherBack() throws {
        let run = Self.run(
            [
                (1, .ready, 0), (1, .executing, 0), (2, .ready, 2), (3, .ready, 3), (1, .finished, 10),
                (3, .executing, 14), (3, .finished, 20), (2, .executing, 21), (2, .finished, 30),
            ], width: 1, priorities: [2: .veryLow, 3: .high])
        let phases = Self.phases(run)
        let low = try #require(phases[2])
        let high = try #require(phases[3])
        #expect(high[.slotWait] == 7 && high[.heldBack] == 0 && high[.queueOverhead] == 4)
        #expect(low[.slotWait] == 14 && low[.heldBack] == 4 && low[.queueOverhead] == 1)
        let explanation = RunExplanation(run)
        #expect(explanation.byPriority.map(\.name) == ["high", "normal", "veryLow"])
        #expect(explanation.byPriority.last?.totals["held-back"] == 4)
    }

    /// A diamond on a queue without a slot limit: the path runs through the branch that finished last.
    @Test func theCriticalPathOfADiamond() {
        let run = Self.run(
            [
                (1, .ready, 0), (2, .pending, 0), (3, .pending, 0), (4, .pending, 0), (1, .executing, 1),
                (1, .finished, 10), (2, .ready, 11), (3, .ready, 11), (2, .executing, 12), (3, .executing, 13),
                (2, .finished, 20), (3, .finished, 40), (4, .ready, 41), (4, .executing, 42), (4, .finished, 50),
            ], width: -1, dependencies: [2: [1], 3: [1], 4: [2, 3]])
        _ = Self.phases(run)
        let explanation = RunExplanation(run)
        // The implementation chose the width: the run ran at most two at once (2 and 3).
        #expect(explanation.utilisation[0].width == 2 && explanation.utilisation[0].widthInferred)
        let path = explanation.criticalPath
        #expect(path.links.map(\.id) == [1, 3, 4])
        #expect(path.links.map(\.reason) == [.start, .dependency, .dependency])
        #expect(path.phases == ["body": 44, "dependencies": 2, "held-back": 1, "queue-overhead": 3])
        #expect(path.makespanNanoseconds == 50)
    }

    /// Clock readings from different threads may invert by a few nanoseconds, and a cancelled
    /// operation finishes without executing: the phases still add up to each life.
    /// Width 1: a blocker runs; a veryHigh operation (4) waits for a fresh veryLow one (3). Under
    /// strict priority the two normal operations added after it run first, so they are on the
    /// veryHigh operation's path; when the veryLow one inherits, only the blocker is.
    @Test(arguments: [("strict", 3), ("inherit", 1)])
    func anInversionPutsNormalBodiesOnTheHighPath(policy: String, normalLinks: Int) throws {
        let rows: [(UInt64, OperationEvent, UInt64)] =
            policy == "strict"
            ? [
                (1, .ready, 0), (1, .executing, 0), (3, .ready, 1), (4, .pending, 1), (5, .ready, 2), (6, .ready, 3),
                (1, .finished, 10), (5, .executing, 11), (5, .finished, 20), (6, .executing, 21), (6, .finished, 30),
                (3, .executing, 31), (3, .finished, 40), (4, .ready, 41), (4, .executing, 42), (4, .finished, 50),
            ]
            : [
                (1, .ready, 0), (1, .executing, 0), (3, .ready, 1), (4, .pending, 1), (5, .ready, 2), (6, .ready, 3),
                (1, .finished, 10), (3, .executing, 11), (3, .finished, 20), (4, .ready, 21), (4, .executing, 22),
                (4, .finished, 30), (5, .executing, 31), (5, .finished, 40), (6, .executing, 41), (6, .finished, 50),
            ]
        let run = Self.run(rows, width: 1, priorities: [3: .veryLow, 4: .veryHigh], dependencies: [4: [3]])
        _ = Self.phases(run)
        let path = try #require(RunExplanation(run).slowestPaths["veryHigh"])
        #expect(path.endsAt == "op4 #4")
        #expect(path.linksByPriority == ["normal": normalLinks, "veryLow": 1, "veryHigh": 1])
        #expect(path.linksBelow("veryHigh") == normalLinks + 1 && path.linksBelow("veryLow") == 0)
        #expect(path.makespanNanoseconds == (policy == "strict" ? 49 : 29))
        #expect(path.phases.values.reduce(0, +) == path.makespanNanoseconds)
    }

    @Test func phasesAddUpDespiteSkewAndCancellation() throws {
        let run = Self.run(
            [
                (1, .ready, 10), (1, .executing, 8), (2, .pending, 0), (2, .cancelled, 5), (2, .ready, 6),
                (1, .finished, 30), (2, .finished, 31), (3, .ready, 12), (3, .executing, 31), (3, .finished, 29),
            ], width: 1, bodies: [1: (9, 35)])
        let phases = Self.phases(run)
        #expect(phases[2]?[.cancelled] == 25 && phases[2]?[.dependencies] == 6)
        #expect(phases[1]?.total == 20 && phases[3]?.total == 17)
    }

    /// Two operations on a width-1 queue, each added by a call that spends 20 and 30 ns before the
    /// queue records the operation: the add-call phases are those, and the slot-time idle with nothing
    /// ready inside the two calls (20 of the first's 30, 30 of the second's 40) is lost to the add path.
    static let slowAdds = run(
        [
            (1, .ready, 20), (1, .executing, 25), (1, .finished, 40), (2, .ready, 80), (2, .executing, 85),
            (2, .finished, 100),
        ], width: 1, addCalls: [1: (0, 30), 2: (50, 90)])

    @Test func aSlowAddCallIsTheAddPhaseAndLostCapacity() throws {
        let phases = Self.phases(Self.slowAdds)
        #expect(phases[1]?[.addCall] == 20 && phases[2]?[.addCall] == 30)
        #expect(phases[1]?[.queueOverhead] == 5 && phases[2]?[.queueOverhead] == 5)
        let explanation = RunExplanation(Self.slowAdds)
        #expect(explanation.makespanNanoseconds == 100)
        #expect(explanation.addPath.calls == 2 && explanation.addPath.inCallNanoseconds == 70)
        #expect(explanation.addPath.capacityLostNanoseconds == 50)
        let queue = try #require(explanation.utilisation.first)
        // 100 ns of one slot: 30 busy, 10 lost with work ready, 50 lost to the add path, 10 idle.
        #expect(queue.capacityLostNanoseconds == 10 && queue.addPathLostNanoseconds == 50)
        #expect(queue.idleNanoseconds == 10)
        #expect(explanation.overheadPerOperationNanoseconds == 30)
        #expect(explanation.criticalPath.phases.values.reduce(0, +) == explanation.criticalPath.makespanNanoseconds)
    }

    @Test func theTextFormRoundTrips() throws {
        var original = Self.slowAdds
        #expect(original.addCalls.count == 2)
        original.metadata = ["implementation": "lock", "workload": "noop:n=2"]
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("explain-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: url) }
        try original.writeTransitions(to: url)
        let read = try RecordedRun.readTransitions(from: Data(contentsOf: url))
        #expect(read.transitions == original.transitions && read.addCalls == original.addCalls)
        #expect(read.queues == original.queues && read.queueOf == original.queueOf)
    }

    @Test func theChainsTextFormRoundTrips() throws {
        var original = Self.chain
        original.metadata = ["implementation": "lock", "workload": "chain:n=2"]
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("explain-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: url) }
        try original.writeTransitions(to: url)
        let read = try RecordedRun.readTransitions(from: Data(contentsOf: url))
        #expect(read.transitions == original.transitions)
        #expect(read.dependencies == original.dependencies)
        #expect(read.queues == original.queues && read.queueOf == original.queueOf && read.bodies == original.bodies)
        #expect(read.metadata == original.metadata)
    }

    @Test func aFileThatIsNotARecordedRunNamesItsLine() {
        let chrome = Data(#"{"traceEvents": []}"#.utf8)
        #expect(throws: RecordedRunFormatError.self) { try RecordedRun.readTransitions(from: chrome) }
        let broken = Data("queuelab-transitions/1\nqueue 0 1 q\nt 1 7 exploded 0 0 5 1\n".utf8)
        do throws(RecordedRunFormatError) {
            _ = try RecordedRun.readTransitions(from: broken)
            Issue.record("an unknown event was read")
        } catch {
            #expect(error.line == 3 && error.reason.contains("exploded"))
        }
    }

    @Test func aComparisonDividesBByA() {
        let comparison = ExplanationComparison(RunExplanation(Self.chain), RunExplanation(Self.backlog))
        #expect(comparison.ratios["makespan"] == 33.0 / 105.0)
        #expect(comparison.text().contains("B/A"))
    }

    @Test func durationsKeepThreeFigures() {
        #expect(ExplainText.duration(412) == "412 ns")
        #expect(ExplainText.duration(3_204) == "3.20 µs")
        #expect(ExplainText.duration(41_240_000) == "41.2 ms")
    }
}
