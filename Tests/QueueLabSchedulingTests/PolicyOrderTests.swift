import QueueLabCore
import QueueLabScheduling
import TestTiers
import Testing

/// Each policy's order on the bare state machine: no threads, the clock injected.
@Suite(.onBlockingThreads) struct PolicyOrderTests {
    private func enqueueMixed(_ machine: inout QueueStateMachine) {
        for (index, priority) in mixedPriorities.enumerated() {
            _ = machine.enqueue(TestOperation("\(index)", priority), isReady: true)
        }
    }

    @Test func strictIsFoundationsOrder() throws {
        var machine = try makeMachine("strict")
        enqueueMixed(&machine)
        let order1 = machine.drainNames()
        #expect(order1 == ["4", "9", "2", "6", "0", "5", "3", "8", "1", "7"])
    }

    @Test func fifoIgnoresPriority() throws {
        var machine = try makeMachine("fifo")
        enqueueMixed(&machine)
        let order2 = machine.drainNames()
        #expect(order2 == (0..<10).map(String.init))
    }

    @Test func lifoTakesTheNewestOfTheHighestLevel() throws {
        var machine = try makeMachine("lifo")
        enqueueMixed(&machine)
        let order3 = machine.drainNames()
        #expect(order3 == ["9", "4", "6", "2", "5", "0", "8", "3", "7", "1"])
    }

    @Test func agingWithoutWaitingIsStrict() throws {
        var machine = try makeMachine("aging:step=10ns")
        machine.clockForTesting = 1_000
        enqueueMixed(&machine)
        let order4 = machine.drainNames()
        #expect(order4 == ["4", "9", "2", "6", "0", "5", "3", "8", "1", "7"])
    }

    @Test func agingRaisesOneLevelPerStep() throws {
        var machine = try makeMachine("aging:step=10ns")
        machine.clockForTesting = 0
        _ = machine.enqueue(TestOperation("old", .veryLow), isReady: true)
        machine.clockForTesting = 25
        _ = machine.enqueue(TestOperation("fresh-high", .veryHigh), isReady: true)
        // At 35 the old one has waited 3 steps: level 3 < 4.
        machine.clockForTesting = 35
        let taken5 = machine.takeOne()
        #expect(taken5?.name == "fresh-high")
        _ = machine.enqueue(TestOperation("newer-high", .veryHigh), isReady: true)
        // At 40 it reaches the top; among equals the one ready first wins.
        machine.clockForTesting = 40
        _ = machine.enqueue(TestOperation("fresh-low", .veryLow), isReady: true)
        let taken6 = machine.takeOne()
        #expect(taken6?.name == "old")
        // veryHigh work still overtakes fresh veryLow work.
        let taken7 = machine.takeOne()
        #expect(taken7?.name == "newer-high")
        let taken8 = machine.takeOne()
        #expect(taken8?.name == "fresh-low")
        let taken9 = machine.takeOne()
        #expect(taken9 == nil)
    }

    @Test func weightedStartsTiesAtTheHigherLevel() throws {
        var machine = try makeMachine("weighted")
        for priority in QueuePriority.allCases {
            _ = machine.enqueue(TestOperation("\(priority)", priority), isReady: true)
        }
        let order10 = machine.drainNames()
        #expect(order10 == ["veryHigh", "high", "normal", "low", "veryLow"])
    }

    @Test(arguments: builtInNames)
    func fifoWithinALevelWhenPromised(_ name: String) throws {
        var machine = try makeMachine(name)
        machine.clockForTesting = 0
        for index in 0..<5 { _ = machine.enqueue(TestOperation("\(index)", .low), isReady: true) }
        let order = machine.drainNames()
        let policy = try SchedulingPolicies.parse(name)
        if policy.promises.contains(.fifoWithinLevel) { #expect(order == ["0", "1", "2", "3", "4"]) }
        if policy.promises.contains(.lifoWithinLevel) { #expect(order == ["4", "3", "2", "1", "0"]) }
    }

    @Test(arguments: builtInNames)
    func lateDependencyTakesTheOperationBackUnderEveryPolicy(_ name: String) throws {
        var machine = try makeMachine(name)
        machine.clockForTesting = 0
        let first = TestOperation("first", .high)
        let second = TestOperation("second", .low)
        _ = machine.enqueue(first, isReady: true)
        _ = machine.enqueue(second, isReady: true)
        let blocked11 = machine.block(first)
        #expect(blocked11)
        #expect(machine.readyCount == 1)
        let taken12 = machine.takeOne()
        #expect(taken12 === second)
        let taken13 = machine.takeOne()
        #expect(taken13 == nil)
        _ = machine.release(first)
        let taken14 = machine.takeOne()
        #expect(taken14 === first)
        #expect(machine.readyCount == 0)
    }
}
