import QueueLabCore
import TestTiers
import Testing

@testable import QueueLabConformance

/// The model alone, without a queue: what `cancelAllOperations` may do to a member already finished.
@Suite(.onBlockingThreads) struct ContractModelCancelAllTests {
    /// The program `model.contract` shrank on `actor` (a false FAIL of the model): op0, asynchronous,
    /// finished, and the queue's cancelAll, made once the finish was seen, still reached op0 because
    /// the queue had not yet dropped it from its list. The model skipped finished members, so it
    /// judged `isCancelled == true` on op0 a cancel that never happened.
    @Test func aMemberSeenFinishedMayReadCancelledAfterCancelAll() {
        var model = ContractModel(
            queues: [1], promises: [], policy: nil, capabilities: .all, deviated: [])
        _ = model.apply(.make(op: 0, kind: .async, level: QueuePriority.normal.level))
        _ = model.apply(.add(op: 0, queue: 0))
        #expect(model.observeStart(0, StartRecord()) == nil)
        _ = model.apply(.release(op: 0))
        model.observeFinished(0)
        _ = model.apply(.make(op: 1, kind: .held, level: QueuePriority.normal.level))
        _ = model.apply(.add(op: 1, queue: 0))

        _ = model.apply(.cancelAll(queue: 0))

        #expect(!model.op(0).cancelled, "finished before the cancel: never cancelled")
        #expect(model.op(0).cancelledLate, "its flag may read either way, as after a late cancel()")
        #expect(!model.op(0).cancelledInBulk, "not a member whose flag must read true")
        #expect(model.op(1).cancelled && model.op(1).cancelledInBulk, "the waiting member is cancelled")
    }
}
