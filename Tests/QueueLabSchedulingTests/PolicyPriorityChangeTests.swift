import QueueLabCore
import QueueLabScheduling
import TestTiers
import Testing

/// A ready operation's priority changes, under each policy.
@Suite(.onBlockingThreads) struct PolicyPriorityChangeTests {
    private func change(_ operation: TestOperation, to priority: QueuePriority, in machine: inout QueueStateMachine) {
        operation.setPriorityForTesting(priority)
        machine.reprioritize(operation)
    }

    @Test(arguments: ["strict", "lifo", "aging", "weighted"])
    func raisedOperationGoesFirst(_ name: String) throws {
        var machine = try makeMachine(name)
        machine.clockForTesting = 0
        let low = TestOperation("low", .veryLow)
        let normal = TestOperation("normal")
        let high = TestOperation("high", .high)
        for operation in [low, normal, high] { _ = machine.enqueue(operation, isReady: true) }
        change(low, to: .veryHigh, in: &machine)
        #expect(machine.readyCount == 3)
        let order1 = machine.drainNames()
        #expect(order1 == ["low", "high", "normal"])
        #expect(machine.readyCount == 0)
    }

    @Test(arguments: ["strict", "lifo", "aging", "weighted"])
    func loweredOperationGoesLast(_ name: String) throws {
        var machine = try makeMachine(name)
        machine.clockForTesting = 0
        let high = TestOperation("high", .veryHigh)
        let normal = TestOperation("normal")
        _ = machine.enqueue(high, isReady: true)
        _ = machine.enqueue(normal, isReady: true)
        change(high, to: .veryLow, in: &machine)
        let order2 = machine.drainNames()
        #expect(order2 == ["normal", "high"])
    }

    @Test func fifoKeepsThePlace() throws {
        var machine = try makeMachine("fifo")
        let first = TestOperation("first")
        let second = TestOperation("second")
        _ = machine.enqueue(first, isReady: true)
        _ = machine.enqueue(second, isReady: true)
        change(second, to: .veryHigh, in: &machine)
        change(first, to: .veryLow, in: &machine)
        let order3 = machine.drainNames()
        #expect(order3 == ["first", "second"])
    }

    @Test func agingRestartsTheWaitAtTheBackOfTheNewLevel() throws {
        var machine = try makeMachine("aging:step=10ns")
        machine.clockForTesting = 0
        let moved = TestOperation("moved", .low)
        let waiting = TestOperation("waiting", .normal)
        _ = machine.enqueue(moved, isReady: true)
        _ = machine.enqueue(waiting, isReady: true)
        machine.clockForTesting = 15
        change(moved, to: .normal, in: &machine)
        // Both normal now; `waiting` has been ready longer.
        let order4 = machine.drainNames()
        #expect(order4 == ["waiting", "moved"])
    }

    @Test func weightedCountsFollowTheMove() throws {
        var machine = try makeMachine("weighted")
        let operations = (0..<4).map { TestOperation("\($0)", .veryLow) }
        for operation in operations { _ = machine.enqueue(operation, isReady: true) }
        change(operations[3], to: .veryHigh, in: &machine)
        change(operations[3], to: .high, in: &machine)
        let taken5 = machine.takeOne()
        #expect(taken5 === operations[3])
        let order6 = machine.drainNames()
        #expect(order6 == ["0", "1", "2"])
        let taken7 = machine.takeOne()
        #expect(taken7 == nil)
    }
}
