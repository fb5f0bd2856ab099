import LockBasedQueue
import QueueLabCore
import Synchronization
import TestTiers
import Testing

/// The example of the DocC article "Running an operation" (QueueLabCore.docc/RunningAnOperation.md),
/// kept compiling and true: the article mirrors this test (where it prints, the test records).
@Suite(.onBlockingThreads) struct RunningAnOperationExampleTests {
    @Test func aQueueOfItsOwnRunsOneOperationOnAnotherThread() throws {
        let caller = ThreadIdentity.current()
        let ranOn = Atomic<UInt64>(0)
        var stuck: StallReport?

        let thumbnail = LockOperation(name: "thumbnail") { operation in
            guard !operation.isCancelled else { return }
            ranOn.store(ThreadIdentity.current(), ordering: .relaxed)
        }
        switch try LockQueue(name: "one-off").addOperations([thumbnail], waitUntilFinishedWithin: probeBound) {
        case .finished: break
        case .timedOut(let report): stuck = report
        }

        #expect(stuck == nil)
        #expect(thumbnail.isFinished)
        // The wait returned after the body, so its store is visible; the body ran on a queue thread.
        let thread = ranOn.load(ordering: .relaxed)
        #expect(thread != 0 && thread != caller)
    }
}
