import QueueLabCore
import TestTiers
import Testing

@testable import QueueLabConformance

/// The model alone, without a queue: the order a ready-order queue owes to operations released by
/// finishes the model could not order.
@Suite(.onBlockingThreads) struct ContractModelReadyOrderTests {
    static let fifo = PolicyDeclaration(
        name: "fifo", promises: [.readyOrder, .fifoWithinLevel], relistsOnPriorityChange: false)

    /// The program `model.policy` shrank on `lock[fifo]` at `stress` (a false FAIL of the model):
    /// `cancelAllOperations()` of q1 (width 2) cancelled op1 and op4, which two workers finished in
    /// either order, releasing op2 and op5 into q0. Their listings came from one step and were
    /// ordered against each other by nothing; op2's priority change, which a FIFO policy ignores,
    /// stamped its listing with the next step as if the queue had listed it then, and the model
    /// judged op5's start a break of the ready order.
    @Test func aPriorityChangeAFIFOPolicyIgnoresOrdersNothing() {
        var model = Self.programUpToTheCancel()
        model.observeFinished(1)
        model.observeFinished(4)
        _ = model.apply(.setPriority(op: 2, level: QueuePriority.normal.level))
        #expect(Self.startOp5AfterOp3(&model) == nil, "op1 and op4 finished in an order nobody saw")
    }

    /// The same program where op1's finish was seen a call before op4's: op2 surely became ready
    /// first, and the ready order still holds the queue to it after the priority change.
    @Test func aReleaseSeenACallEarlierStillComesFirst() {
        var model = Self.programUpToTheCancel()
        model.observeFinished(1)
        _ = model.apply(.read(queue: 1))
        model.observeFinished(4)
        _ = model.apply(.setPriority(op: 2, level: QueuePriority.normal.level))
        let violation = Self.startOp5AfterOp3(&model)
        #expect(violation?.clause == .readyOrder, "op2 became ready a call before op5")
    }

    /// The shrunk program's first 16 calls: op3 holds q0 (width 1); op2 waits in q0 for op1 (q1),
    /// op5 in q0 for op4 (q1); then q1's work is cancelled.
    static func programUpToTheCancel() -> ContractModel {
        var model = ContractModel(
            queues: [1, 2], promises: fifo.promises, policy: fifo, capabilities: .all, deviated: [])
        let high = QueuePriority.high.level
        let calls: [ModelCall] = [
            .make(op: 0, kind: .held, level: high), .make(op: 1, kind: .held, level: high),
            .make(op: 2, kind: .held, level: QueuePriority.veryHigh.level),
            .addDependency(op: 1, on: 0), .addDependency(op: 2, on: 1),
            .add(op: 1, queue: 1), .add(op: 2, queue: 0),
            .make(op: 3, kind: .held, level: QueuePriority.normal.level), .make(op: 4, kind: .held, level: high),
            .make(op: 5, kind: .held, level: QueuePriority.veryLow.level),
            .addDependency(op: 4, on: 3), .addDependency(op: 5, on: 4),
            .add(op: 3, queue: 0),
        ]
        for call in calls { _ = model.apply(call) }
        #expect(model.observeStart(3, StartRecord()) == nil)
        _ = model.apply(.add(op: 4, queue: 1))
        _ = model.apply(.add(op: 5, queue: 0))
        _ = model.apply(.cancelAll(queue: 1))
        return model
    }

    /// Releases op3 and starts op5 in the slot it frees: the model's verdict on that start.
    static func startOp5AfterOp3(_ model: inout ContractModel) -> ModelViolation? {
        _ = model.apply(.release(op: 3))
        model.observeBodyEnded(3)
        model.observeFinished(3)
        return model.observeStart(5, StartRecord())
    }
}
