import QueueLabCore
import TestTiers
import Testing

@testable import QueueLabConformance

/// The model alone, without a queue: the chain ranks a longest-chain-first queue may order by.
@Suite(.onBlockingThreads) struct ContractModelRankTests {
    /// The program `model.contract` shrank on `lock` and `actor` under `critical-path` (a false
    /// FAIL of the model): op2's chain (op3, then op4) was known to the queue from the add on, and
    /// cancelling op3, which was never queued, may leave op2's rank raised. The model remembered
    /// ranks only at edges and cancels, so it judged op2 by rank 0 and called op1 (rank 1) first.
    @Test func aChainKnownAtTheAddStillCountsAfterItsMemberIsCancelled() {
        let normal = QueuePriority.normal.level
        let veryHigh = QueuePriority.veryHigh.level
        var model = ContractModel(
            queues: [1], promises: [.strictPriority, .longestChainFirst],
            policy: PolicyDeclaration(
                name: "critical-path", promises: [.strictPriority, .longestChainFirst], rankCap: 64),
            capabilities: .all, deviated: [])
        let calls: [ModelCall] = [
            .make(op: 0, kind: .held, level: veryHigh), .add(op: 0, queue: 0),
            .make(op: 1, kind: .held, level: normal), .add(op: 1, queue: 0),
            .make(op: 2, kind: .async, level: normal),
            .make(op: 3, kind: .held, level: veryHigh), .addDependency(op: 3, on: 2),
            .make(op: 4, kind: .held, level: normal), .addDependency(op: 4, on: 3), .addDependency(op: 4, on: 1),
        ]
        for call in calls { _ = model.apply(call) }
        #expect(model.observeStart(0, StartRecord()) == nil)
        _ = model.apply(.release(op: 0))
        model.observeBodyEnded(0)
        model.observeFinished(0)
        _ = model.apply(.add(op: 2, queue: 0))
        #expect(model.chainRank(2) == 2)
        _ = model.apply(.cancel(op: 3))
        #expect(model.chainRank(2) == 0, "op3 cancelled: nothing waits behind op2 any more")
        // op1 ranks 1 (op4 waits for it); op2 ranked 2 when it was added.
        #expect(model.observeStart(2, StartRecord()) == nil)
    }
}
