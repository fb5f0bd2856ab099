import QueueLabConformance
import QueueLabCore
import Testing

/// What a user does from their own package: a conformance of their queue, then one call.
@Suite("Bring your own queue")
struct BringYourOwnQueueTests {
    @Test("the test queue passes the whole suite with one call")
    func wholeSuite() {
        let report = ConformanceSuite.run(TestQueue<Correct>.self)
        #expect(report.isSuccess, "\(report.text())")
        #expect(report.count(.pass) == Check.all.count)
    }

    @Test("a queue that lets cycles deadlock passes them the Foundation way, and says so")
    func deadlockingCycles() {
        let report = ConformanceSuite.run(TestQueue<CorrectDeadlocking>.self)
        #expect(report.isSuccess, "\(report.text())")
        for outcome in report.outcomes where outcome.checkID.hasPrefix("cycle.") {
            #expect(outcome.summary.hasPrefix("deadlock (Foundation behaviour)"), "\(outcome.checkID): \(outcome.summary)")
        }
        #expect(report.outcome(check: "misuse.errors", implementation: "test-deadlock")?.verdict == .pass)
    }
}
