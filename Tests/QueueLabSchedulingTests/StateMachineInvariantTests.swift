import QueueLabCore
import QueueLabScheduling
import TestTiers
import Testing

/// The state machine's invariants: kept by every transition (debug builds check them after each
/// one, so every test of the queues runs under them), and caught when broken on purpose.
@Suite(.onBlockingThreads) struct StateMachineInvariantTests {
    @Test func aFreshMachineAndABusyOneKeepThem() {
        var machine = QueueStateMachine(defaultWidth: 2)
        #expect(machine.invariantViolations().isEmpty)
        let operations = (0..<4).map { TestOperation("op\($0)") }
        for operation in operations { _ = machine.enqueue(operation, isReady: true) }
        machine.workerParks()
        _ = machine.setMaxConcurrentOperationCount(1)
        let taken = machine.next()
        #expect(taken != nil)
        #expect(machine.invariantsHold)
        #expect(machine.invariantViolations().isEmpty, "\(machine.invariantViolations())")
    }

    @Test func moreParkedWorkersThanAliveAreCaught() {
        var machine = QueueStateMachine(defaultWidth: 2)
        machine.setWorkerCountsForTesting(workers: 1, idle: 2)
        #expect(!machine.invariantsHold)
        let broken = machine.invariantViolations()
        #expect(broken.count == 1)
        #expect(broken.first?.contains("exceed the 1 alive") == true, "\(broken)")
    }

    @Test func aNegativeCounterIsCaught() {
        var machine = QueueStateMachine(defaultWidth: 2)
        machine.setWorkerCountsForTesting(workers: -1, idle: 0)
        #expect(!machine.invariantsHold)
        #expect(machine.invariantViolations().contains("workers is -1, below 0"))
    }

    @Test(arguments: [StrictPolicy() as any SchedulingPolicy, FIFOPolicy()])
    func aSlotStoringTwoPoliciesIsCaught(policy: any SchedulingPolicy) {
        var machine = QueueStateMachine(defaultWidth: 2, policy: policy)
        #expect(machine.invariantViolations().isEmpty)
        machine.storeStrayPolicyForTesting()
        #expect(!machine.invariantsHold)
        let broken = machine.invariantViolations()
        #expect(broken.contains { $0.hasPrefix("the policy slot of kind") && $0.contains("stores") }, "\(broken)")
    }
}
