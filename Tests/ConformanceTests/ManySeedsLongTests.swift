import QueueLabConformance
import QueueLabCore
import TestTiers
import Testing

@Suite("The correct test queue over many seeds", .longTier("the whole suite over 12 seeds and at default"))
struct ManySeedsTests {
    @Test("every check passes on seeds 1 to 12 at quick level", arguments: 1...12)
    func seed(_ seed: Int) {
        let report = ConformanceSuite.run(
            TestQueue<Correct>.self,
            configuration: ConformanceConfiguration(level: .quick, seed: UInt64(seed), timeBound: passingBound))
        let passed = report.isSuccess
        #expect(passed, "\(report.text())")
    }

    @Test("the deadlocking variant passes at default level")
    func defaultLevel() {
        let report = ConformanceSuite.run(
            TestQueue<CorrectDeadlocking>.self,
            configuration: ConformanceConfiguration(level: .default, seed: 99, timeBound: passingBound))
        let passed = report.isSuccess
        #expect(passed, "\(report.text())")
    }
}
