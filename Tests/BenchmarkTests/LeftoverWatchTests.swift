import Foundation
import Testing

@testable import QueueLabBenchmarks

/// The wait between a finished run and the next timed phase: it ends when the run's last
/// holder lets go, and a holder that never does costs the bound, not a hang.
struct LeftoverWatchTests {
    @Test func theWaitEndsWhenTheLastHolderLetsGo() {
        let held = DispatchSemaphore(value: 0)
        let letGo = DispatchSemaphore(value: 0)
        let watch = Self.harnessHeldByAnotherThread(held: held, letGo: letGo)
        held.wait()
        #expect(!watch.awaitRelease(within: .milliseconds(20)), "the other thread still holds the harness")
        letGo.signal()
        #expect(watch.awaitRelease(within: .seconds(30)))
    }

    @Test func aHarnessNobodyHoldsIsFreedAtOnce() {
        #expect(LeftoverWatch(OperationHarness(operations: 1, latencyEvery: 1)).awaitRelease(within: .zero))
    }

    /// A watch on a harness whose only strong reference is a thread's: it signals `held`, then
    /// lets go once `letGo` is signalled.
    private static func harnessHeldByAnotherThread(held: DispatchSemaphore, letGo: DispatchSemaphore) -> LeftoverWatch {
        let harness = OperationHarness(operations: 1, latencyEvery: 1)
        let watch = LeftoverWatch(harness)
        Thread.detachNewThread { [harness] in
            withExtendedLifetime(harness) {
                held.signal()
                letGo.wait()
            }
        }
        return watch
    }
}
