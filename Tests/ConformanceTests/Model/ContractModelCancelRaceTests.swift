import QueueLabCore
import TestTiers
import Testing

@testable import QueueLabConformance

/// The model alone, without a queue: a cancel() that races the start of its operation.
@Suite(.onBlockingThreads) struct ContractModelCancelRaceTests {
    private func modelWithQueuedOperation() -> ContractModel {
        var model = ContractModel(queues: [1], promises: [], policy: nil, capabilities: .all, deviated: [])
        _ = model.apply(.make(op: 0, kind: .held, level: QueuePriority.normal.level))
        _ = model.apply(.add(op: 0, queue: 0))
        _ = model.apply(.cancel(op: 0))
        return model
    }

    /// The program `model.contract` failed on `actor` at `stress`, seed 7: op6 waited for op5,
    /// which the program cancelled behind a barrier, so op5 could finish at any moment and op6
    /// start; the next call cancelled op6 while its body began. The body read the flag clear.
    @Test func aBodyThatReadTheFlagClearBeganBeforeTheCancel() {
        var model = modelWithQueuedOperation()
        #expect(model.observeStart(0, StartRecord(sawCancelled: false)) == nil)
        #expect(model.op(0).started)
    }

    @Test func aBodyThatReadTheFlagSetRanAfterTheCancelLanded() {
        var model = modelWithQueuedOperation()
        let violation = model.observeStart(0, StartRecord(sawCancelled: true))
        #expect(violation?.clause == .cancelBeforeStart)
    }
}
