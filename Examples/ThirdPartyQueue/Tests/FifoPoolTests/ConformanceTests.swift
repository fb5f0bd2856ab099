import FifoPool
import QueueLabConformance
import QueueLabCore
import Testing

@Suite struct FifoPoolConformanceTests {
    /// Every check at level quick: PASS, or UNSUPPORTED only where a check needs what fifo-pool does
    /// not declare (priorities, barriers); never FAIL or STALE. The suite bounds every wait itself.
    @Test func passesEveryCheckItDeclares() {
        let report = ConformanceSuite.run(FifoPoolQueue.self, configuration: ConformanceConfiguration(level: .quick))
        #expect(report.count(.fail) == 0, "\(report.text())")
        #expect(report.count(.stale) == 0, "\(report.text())")
        #expect(report.isSuccess, "\(report.text())")
        #expect(report.count(.pass) > 0)
        let undeclared: QueueCapabilities = [.priorities, .barriers]
        for outcome in report.outcomes where outcome.verdict == .unsupported {
            let needsUndeclared = Check.named(outcome.checkID).map { !$0.requirements.isDisjoint(with: undeclared) }
            #expect(needsUndeclared == true, "\(outcome.checkID) UNSUPPORTED: \(outcome.summary)")
        }
    }
}
