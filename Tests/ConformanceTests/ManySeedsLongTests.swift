import QueueLabConformance
import QueueLabCore
import TestTiers
import Testing

/// Six seeds: twelve cost the long tier 132 s of its 766 (serially, here) when CI neared its 45
/// minutes; the fast tier runs the whole suite on this queue once too (BringYourOwnQueueTests), and `conform --seeds` runs any
/// number of seeds on the real queues (results/trust).
@Suite(
    "The correct test queue over many seeds", .longTier("the whole suite over 6 seeds and at default"),
    .onBlockingThreads)
struct ManySeedsTests {
    @Test("every check passes on seeds 1 to 6 at quick level", arguments: 1...6)
    func seed(_ seed: Int) {
        let report = ConformanceSuite.run(
            TestQueue<Correct>.self,
            configuration: ConformanceConfiguration(level: .quick, seed: UInt64(seed), timeBound: passingBound))
        let passed = report.isSuccess
        #expect(passed, "\(report.text())")
    }

    /// Every standard check, a test case each, so that the checks run side by side.
    @Test("the deadlocking variant passes at default level", arguments: Check.standard)
    func defaultLevel(check: Check) {
        let report = ConformanceSuite.run(
            TestQueue<CorrectDeadlocking>.self,
            configuration: ConformanceConfiguration(level: .default, seed: 99, checks: [check], timeBound: passingBound)
        )
        let passed = report.isSuccess
        #expect(passed, "\(report.text())")
    }
}
