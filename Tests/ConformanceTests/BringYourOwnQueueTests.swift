import QueueLabConformance
import QueueLabCore
import TestTiers
import Testing

/// What a user does from their own package: a conformance of their queue, then one call.
@Suite("Bring your own queue", .onBlockingThreads)
struct BringYourOwnQueueTests {
    @Test("the test queue passes the whole suite with one call")
    func wholeSuite() {
        let report = ConformanceSuite.run(TestQueue<Correct>.self)
        let passed = report.isSuccess
        #expect(passed, "\(report.text())")
        // Without a policy the queue is checked against Foundation's order, which promises no
        // bounded wait, no weighted shares, no inheritance, no LIFO, no ready order and no
        // longest chain first: the checks of those promises (three `priority.*`, five `order.*`)
        // are UNSUPPORTED, with the reason.
        let promised = Check.standard.filter { $0.promiseRequirement.isMet(by: .operationQueue) }
        // A race check short of its floor on a loaded machine (8 busy loops: `cancel.race` and
        // `once.cancel-race` land too few races in their time) says UNDERPOWERED: no verdict on
        // the queue, and nothing else may be.
        #expect(report.count(.pass) + report.count(.underpowered) == promised.count)
        #expect(report.count(.unsupported) == Check.standard.count - promised.count)
        #expect(Check.standard.count - promised.count == 8)
    }

    @Test("a queue that lets cycles deadlock passes them the Foundation way, and says so")
    func deadlockingCycles() {
        let report = ConformanceSuite.run(TestQueue<CorrectDeadlocking>.self)
        let passed = report.isSuccess
        #expect(passed, "\(report.text())")
        for outcome in report.outcomes where outcome.checkID.hasPrefix("cycle.") {
            #expect(
                outcome.summary.hasPrefix("deadlock (Foundation behaviour)"), "\(outcome.checkID): \(outcome.summary)")
        }
        #expect(report.outcome(check: "misuse.errors", implementation: "test-deadlock")?.verdict == .pass)
    }
}
