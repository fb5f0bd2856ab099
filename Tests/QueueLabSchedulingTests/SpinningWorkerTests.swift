import QueueLabCore
import QueueLabScheduling
import TestTiers
import Testing

/// The state machine's account of workers that look for work without parking, and of a worker
/// that finishes an operation and goes on itself: which wakeup each new unit of work asks for.
@Suite(.onBlockingThreads) struct SpinningWorkerTests {
    /// Two workers started for two operations, both taken and finished on their workers: the
    /// machine now counts two live workers with nothing to do.
    private static func machineWithTwoIdleWorkers() -> QueueStateMachine {
        var machine = QueueStateMachine(defaultWidth: 2)
        for name in ["a", "b"] { _ = machine.enqueue(TestOperation(name), isReady: true) }
        for _ in 0..<2 {
            let taken = machine.next()!
            machine.finishedOnWorker(taken.operation)
        }
        return machine
    }

    @Test func workWhileOneSpinsNudgesItAndWakesNobodyElse() {
        var machine = Self.machineWithTwoIdleWorkers()
        machine.workerStartsSpinning()
        machine.workerParks()
        let wakeup1 = machine.enqueue(TestOperation("c"), isReady: true)
        #expect(wakeup1 == .nudge)
        // The spinner was spoken for: a second unit of work wakes the parked worker.
        let wakeup2 = machine.enqueue(TestOperation("d"), isReady: true)
        #expect(wakeup2 == .signal)
        #expect(machine.spinningWorkers == 0)
        machine.workerStopsSpinning()  // consumes the nudge
        machine.workerWakes()  // consumes the signal
        #expect(machine.spinningWorkers == 0 && machine.idleWorkers == 0)
        #expect(machine.next() != nil)
        #expect(machine.next() != nil)
    }

    @Test func aSpinnerThatStopsUnnudgedLeavesTheCountsBalanced() {
        var machine = Self.machineWithTwoIdleWorkers()
        machine.workerStartsSpinning()
        machine.workerStartsSpinning()
        #expect(machine.spinningWorkers == 2)
        let wakeup3 = machine.enqueue(TestOperation("c"), isReady: true)
        #expect(wakeup3 == .nudge)
        // Either spinner may see the nudge first; both stop, and nothing is left owed.
        machine.workerStopsSpinning()
        machine.workerStopsSpinning()
        #expect(machine.spinningWorkers == 0)
        // With nobody spinning, new work goes back to signalling or starting workers.
        machine.workerParks()
        let wakeup4 = machine.enqueue(TestOperation("d"), isReady: true)
        #expect(wakeup4 == .signal)
    }

    @Test func wakeupsForAllWorkNudgeEachSpinnerOnceThenSignal() {
        var machine = Self.machineWithTwoIdleWorkers()
        _ = machine.setSuspended(true)
        for name in ["c", "d"] { _ = machine.enqueue(TestOperation(name), isReady: true) }
        machine.workerStartsSpinning()
        machine.workerParks()
        let wakeups = machine.setSuspended(false)
        #expect(wakeups == [.nudge, .signal])
    }

    @Test func aWorkerThatGoesOnItselfWakesNobodyForTheSlotItFreed() {
        var machine = QueueStateMachine(defaultWidth: 1)
        let first = TestOperation("first")
        _ = machine.enqueue(first, isReady: true)
        _ = machine.enqueue(TestOperation("second"), isReady: true)
        let taken = machine.next()!
        machine.workerParks()  // as if a second worker had been started and parked meanwhile
        let heldASlot = machine.finishedOnWorker(taken.operation)
        #expect(heldASlot)
        #expect(first.placement == .finished)
        #expect(machine.executing == 0)
        // No signal was decided for the parked worker: it still counts as parked, so the next
        // unit of work that needs a worker signals it.
        #expect(machine.idleWorkers == 1)
        #expect(machine.next()?.operation.name == "second")
    }

    @Test func finishedStillWakesForWorkTheFinisherDoesNotTake() {
        var machine = QueueStateMachine(defaultWidth: 1)
        _ = machine.enqueue(TestOperation("first"), isReady: true)
        _ = machine.enqueue(TestOperation("second"), isReady: true)
        let taken = machine.next()!
        machine.workerParks()
        // An asynchronous operation finishing from outside the workers: someone must be woken.
        let wakeup7 = machine.finished(taken.operation)
        #expect(wakeup7 == .signal)
    }
}
