import QueueLabCore
import QueueLabScheduling
import TestTiers
import Testing

/// The bookkeeping behind batches admitted as one unit, without threads.
@Suite(.onBlockingThreads) struct BatchAdmissionStateTests {
    @Test func nothingStartsDuringAnAdmissionAndTheEndWakesOncePerRunnableSlot() {
        var machine = QueueStateMachine(defaultWidth: 2)
        machine.beginAdmission()
        let operations = (0..<5).map { TestOperation("op\($0)") }
        let listed = operations.map { machine.place($0, isReady: true) }
        #expect(listed.allSatisfy { $0 })
        let heldBack = machine.next()
        #expect(heldBack == nil)
        #expect(!machine.hasRunnableWork)
        let wakeups = machine.endAdmission()
        #expect(wakeups == [.spawn, .spawn])
        let first = machine.next()
        #expect(first?.operation === operations[0])
    }

    @Test func aRefusedBatchGivesItsReservationsBack() {
        let host = IdleHost()
        let link = HostLink()
        link.connect(host)
        let batch = (0..<4).map { TestOperation("op\($0)") }
        #expect(batch[2].reserve())
        let refused = ScheduledOperation.claimAll(batch, by: link, delivery: nil)
        #expect(refused === batch[2])
        #expect(batch.filter(\.isTaken).map(\.name) == ["op2"])
        #expect(batch.filter(\.isClaimed).isEmpty)
        batch[2].releaseReservation()
        #expect(ScheduledOperation.claimAll(batch, by: link, delivery: nil) == nil)
        #expect(batch.filter(\.isClaimed).count == batch.count)
        #expect(batch.allSatisfy { $0.claimedHost === host })
    }

    @Test func aWorkerThatStepsAwayForAHandlerLetsAnotherStart() {
        var machine = QueueStateMachine(defaultWidth: 1)
        let first = TestOperation("first")
        let spawned = machine.enqueue(first, isReady: true)
        #expect(spawned == .spawn)
        _ = machine.next()
        _ = machine.finished(first)
        let forSecond = machine.enqueue(TestOperation("second"), isReady: true)
        #expect(forSecond == .none)
        // The only worker runs a completion handler: a new one starts for the ready work.
        let steppedAway = machine.workerStepsAway()
        #expect(steppedAway == .spawn)
        #expect(machine.workers == 1)
        // Back from the handler, the first worker finds the width taken and ends.
        let returned = machine.workerReturns()
        #expect(!returned)
    }
}

/// A host that is never called: claims only need one to point at.
private final class IdleHost: OperationHost {
    func dependenciesReleased(_ operation: ScheduledOperation) -> Wakeup { .none }
    func dependencyBlocked(_ operation: ScheduledOperation) {}
    func readinessDecided(_ operation: ScheduledOperation, isReady: Bool) -> Wakeup { .none }
    func priorityChanged(_ operation: ScheduledOperation) {}
    func asynchronousOperationFinished(_ operation: ScheduledOperation) -> Bool { false }
    func perform(_ wakeup: Wakeup) {}
}
