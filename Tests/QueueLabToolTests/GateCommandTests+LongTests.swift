import ArgumentParser
import Foundation
import QueueLabBenchmarks
import TestSupport
import TestTiers
import Testing

@testable import QueueLabTool

/// The long tier of `GateCommandTests` (`QUEUELAB_LONG_TESTS=1`): runs the queuelab binary.
extension GateCommandTests {
    /// Through the command line: a base that is no commit exits 2 before anything is built.
    @Test(
        .longTier("runs the queuelab binary"),
        .enabled(if: ToolBinary.queuelab != nil), .timeLimit(.minutes(30)))
    func aBaseThatIsNoCommitExitsTwo() throws {
        let outcome = try ChildProcess.run(
            ChildCommand(executable: ToolBinary.queuelab!, arguments: ["gate", "no-such-ref-\(getpid())"]),
            timeout: .seconds(60))
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("is not a commit of"))
        #expect(!outcome.standardError.contains("building"))
    }
}
