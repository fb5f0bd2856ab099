import QueueLabCore
import QueueLabScheduling
import TestTiers
import Testing

/// The state machine without threads: every transition and the wakeup it asks for.
@Suite(.onBlockingThreads) struct QueueStateMachineTests {
    @Test func readyOperationSpawnsWorkersUpToTheWidth() {
        var machine = QueueStateMachine(defaultWidth: 2)
        let operations = (0..<3).map { TestOperation("op\($0)") }
        let wakeup1 = machine.enqueue(operations[0], isReady: true)
        #expect(wakeup1 == .spawn)
        let wakeup2 = machine.enqueue(operations[1], isReady: true)
        #expect(wakeup2 == .spawn)
        let wakeup3 = machine.enqueue(operations[2], isReady: true)
        #expect(wakeup3 == .none)
        #expect(machine.workers == 2)
    }

    @Test func takesHighestPriorityThenFIFO() {
        var machine = QueueStateMachine(defaultWidth: 1)
        let priorities: [QueuePriority] = [
            .normal, .veryLow, .high, .low, .veryHigh, .normal, .high, .veryLow, .low, .veryHigh,
        ]
        let operations = priorities.enumerated().map { TestOperation("\($0.offset)", $0.element) }
        for operation in operations { _ = machine.enqueue(operation, isReady: true) }
        var order: [String] = []
        while let taken = machine.next() {
            order.append(taken.operation.name!)
            _ = machine.finished(taken.operation)
        }
        #expect(order == ["4", "9", "2", "6", "0", "5", "3", "8", "1", "7"])
    }

    @Test func widthBoundsWhatIsTaken() {
        var machine = QueueStateMachine(defaultWidth: 4)
        _ = machine.setMaxConcurrentOperationCount(2)
        let operations = (0..<3).map { TestOperation("op\($0)") }
        for operation in operations { _ = machine.enqueue(operation, isReady: true) }
        let taken1 = machine.next()
        #expect(taken1 != nil)
        let taken2 = machine.next()
        #expect(taken2 != nil)
        let taken3 = machine.next()
        #expect(taken3 == nil)
        #expect(machine.executing == 2)
    }

    @Test func suspendedQueueStartsNothingUntilResumed() {
        var machine = QueueStateMachine(defaultWidth: 2)
        _ = machine.setSuspended(true)
        _ = machine.enqueue(TestOperation("a"), isReady: true)
        let taken4 = machine.next()
        #expect(taken4 == nil)
        let wakeups = machine.setSuspended(false)
        #expect(wakeups == [.spawn])
        let taken5 = machine.next()
        #expect(taken5?.operation.name == "a")
    }

    @Test func lateDependencyTakesAReadyOperationBackAndReleaseReturnsIt() {
        var machine = QueueStateMachine(defaultWidth: 1)
        let first = TestOperation("first")
        let second = TestOperation("second")
        _ = machine.enqueue(first, isReady: true)
        _ = machine.enqueue(second, isReady: true)
        let blocked1 = machine.block(first)
        #expect(blocked1)
        #expect(first.placement == .waiting)
        let taken6 = machine.next()
        #expect(taken6?.operation === second)
        _ = machine.finished(second)
        let taken7 = machine.next()
        #expect(taken7 == nil)
        _ = machine.release(first)
        let taken8 = machine.next()
        #expect(taken8?.operation === first)
    }

    @Test func priorityChangeMovesAReadyOperation() {
        var machine = QueueStateMachine(defaultWidth: 1)
        let low = TestOperation("low", .low)
        let normal = TestOperation("normal")
        _ = machine.enqueue(low, isReady: true)
        _ = machine.enqueue(normal, isReady: true)
        low.setPriorityForTesting(.veryHigh)
        machine.reprioritize(low)
        let taken9 = machine.next()
        #expect(taken9?.operation === low)
        _ = machine.finished(low)
        let taken10 = machine.next()
        #expect(taken10?.operation === normal)
        let taken11 = machine.next()
        #expect(taken11 == nil)
    }

    @Test func cancelledOperationIsTakenWithoutASlot() {
        var machine = QueueStateMachine(defaultWidth: 1)
        let operation = TestOperation("cancelled")
        operation.requestCancel()
        _ = machine.enqueue(operation, isReady: true)
        let taken = machine.next()
        #expect(taken?.runsBody == false)
        #expect(machine.executing == 0)
    }

    @Test func waitingOperationIsNotTaken() {
        var machine = QueueStateMachine(defaultWidth: 1)
        let operation = TestOperation("waiting")
        let wakeup4 = machine.enqueue(operation, isReady: false)
        #expect(wakeup4 == .none)
        #expect(operation.placement == .waiting)
        let taken12 = machine.next()
        #expect(taken12 == nil)
        let wakeup5 = machine.release(operation)
        #expect(wakeup5 == .spawn)
        let taken13 = machine.next()
        #expect(taken13?.operation === operation)
    }

    @Test func asynchronousBodyReturnsItsSlotOnlyWithTheDefaultWidth() {
        var machine = QueueStateMachine(defaultWidth: 1)
        let first = ScheduledOperationForTesting.asynchronous("first")
        let second = ScheduledOperationForTesting.asynchronous("second")
        _ = machine.enqueue(first, isReady: true)
        _ = machine.enqueue(second, isReady: true)
        _ = machine.next()
        _ = machine.asynchronousBodyReturned(first)  // its worker goes on: no wakeup needed
        let taken = machine.next()
        #expect(taken?.operation === second)

        var explicit = QueueStateMachine(defaultWidth: 4)
        _ = explicit.setMaxConcurrentOperationCount(1)
        let third = ScheduledOperationForTesting.asynchronous("third")
        let fourth = ScheduledOperationForTesting.asynchronous("fourth")
        _ = explicit.enqueue(third, isReady: true)
        _ = explicit.enqueue(fourth, isReady: true)
        _ = explicit.next()
        #expect(explicit.asynchronousBodyReturned(third) == .none)
        let blocked = explicit.next()
        #expect(blocked == nil)
        _ = explicit.finished(third)
        let next = explicit.next()
        #expect(next?.operation === fourth)
    }
}
