import QueueLabConformance
import QueueLabCore
import TestTiers
import Testing

/// A wake-up row holds operations until its call; a hold lasts until the check's stall bound. On a
/// machine so loaded that nothing moved for the whole bound, a hold ran out before the call, the
/// state ended by itself, and the watched operation started "before the call": the check called
/// that a FAIL of a correct queue (seen once under ThreadSanitizer in CI). It is a stand-still,
/// STALE. Reproduced without load: a stall bound far shorter than the pause before the call.
@Suite("A held state that runs out is a stand-still, not a failure", .onBlockingThreads)
struct HeldStateRunsOutTests {
    @Test("liveness.wakeups on the correct queue, its holds running out during the pause")
    func holdsRunningOutAreStale() throws {
        let check = try #require(Check.named("liveness.wakeups"))
        let outcome = ConformanceSuite.run(
            check, on: TestQueue<Correct>.self,
            configuration: ConformanceConfiguration(
                level: .quick, seed: 1, checks: [check], timeBound: .milliseconds(150),
                observationWindow: .milliseconds(600)))
        // STALE, whichever row first stood still for the bound (on a loaded machine that can be
        // one without holds); never FAIL, which it was when a row's holds ran out.
        #expect(outcome.verdict == .stale, "\(outcome.verdict): \(outcome.summary)")
    }
}
