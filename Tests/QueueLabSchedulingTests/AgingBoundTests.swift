import QueueLabCore
import QueueLabScheduling
import TestTiers
import Testing

/// Aging's stated bound, in a deterministic simulation on the bare machine: width 1, every body
/// one tick long, more arrivals than the queue can start (fresh `veryHigh` work every tick), time
/// in ticks of one nanosecond.
@Suite(.onBlockingThreads) struct AgingBoundTests {
    private struct Record {
        let priority: QueuePriority
        let ready: UInt64
        let backlog: Int
        var started: UInt64?
    }

    /// Runs `ticks` ticks; returns what was added, with when each started.
    private func simulate(_ specification: String, ticks: UInt64) throws -> [Record] {
        var machine = try makeMachine(specification)
        var records: [ObjectIdentifier: Record] = [:]
        // Kept alive to the end, so that no identifier is reused by a later operation.
        var operations: [TestOperation] = []
        var running: ScheduledOperation?
        for tick in 0..<ticks {
            machine.clockForTesting = tick
            var arrivals: [QueuePriority] = [.veryHigh]
            if tick % 3 == 0 { arrivals.append(.veryLow) }
            if tick % 5 == 0 { arrivals.append(.normal) }
            if tick % 7 == 0 { arrivals.append(.low) }
            for priority in arrivals {
                let operation = TestOperation("", priority)
                records[ObjectIdentifier(operation)] = Record(
                    priority: priority, ready: tick, backlog: machine.readyCount)
                operations.append(operation)
                _ = machine.enqueue(operation, isReady: true)
            }
            if let previous = running { _ = machine.finished(previous) }
            running = machine.next()?.operation
            if let running { records[ObjectIdentifier(running)]?.started = tick }
        }
        return operations.compactMap { records[ObjectIdentifier($0)] }
    }

    @Test(arguments: [8, 50])
    func noReadyOperationWaitsLongerThanTheStatedBound(step: Int) throws {
        let ticks: UInt64 = 3_000
        let records = try simulate("aging:step=\(step)ns", ticks: ticks)
        let declaration = try SchedulingPolicies.parse("aging:step=\(step)ns").declaration
        var checked = 0
        for record in records {
            let bound = try #require(
                declaration.waitBound(
                    priority: record.priority, backlog: record.backlog, width: 1, longestBody: .nanoseconds(1)))
            let deadline = record.ready + bound.nanoseconds
            if let started = record.started {
                #expect(started - record.ready <= bound.nanoseconds, "\(record)")
                checked += 1
            } else {
                // Not started yet: only allowed while its bound has not passed.
                #expect(deadline >= ticks - 1, "\(record) still waiting at \(ticks)")
            }
        }
        #expect(checked > 1_000)
        // Not vacuous: veryLow work did wait for aging, and then started.
        let veryLowWaits = records.filter { $0.priority == .veryLow }.compactMap { record in
            record.started.map { $0 - record.ready }
        }
        #expect(veryLowWaits.count > 100)
        #expect((veryLowWaits.max() ?? 0) >= UInt64(4 * step))
    }

    @Test func strictStarvesWhatAgingServes() throws {
        let records = try simulate("strict", ticks: 3_000)
        #expect(!records.contains { $0.priority == .veryLow && $0.started != nil })
    }

    @Test func theBoundIsStatedOnlyForBoundedWaits() throws {
        let aging = try SchedulingPolicies.parse("aging:step=2ms").declaration
        let bound = aging.waitBound(priority: .low, backlog: 10, width: 2, longestBody: .milliseconds(1))
        #expect(bound == .milliseconds(3 * 2 + (10 / 2 + 1) * 1))
        let strict = try SchedulingPolicies.parse("strict").declaration
        #expect(strict.waitBound(priority: .low, backlog: 10, width: 2, longestBody: .milliseconds(1)) == nil)
    }
}
