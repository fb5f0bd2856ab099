import Foundation
import QueueLabBenchmarks
import TestTiers
import Testing

/// `ChildProcess.runLines`, which `conform` runs its children with: lines as they come, a bound
/// per line, and how the child ended.
@Suite(.longTier("spawns child processes"))
struct ChildProcessLinesTests {
    private func shell(_ script: String) -> ChildCommand {
        ChildCommand(executable: "/bin/sh", arguments: ["-c", script])
    }

    @Test(.timeLimit(.minutes(30))) func linesArriveInOrderAndACleanExitSaysSo() throws {
        var lines: [String] = []
        let end = try ChildProcess.runLines(shell("echo one; echo two >&2; echo three"), firstLineWithin: .seconds(20))
        {
            lines.append($0)
            return .seconds(20)
        }
        #expect(lines == ["one", "three"])
        #expect(end.isCleanExit)
        #expect(end.standardErrorExcerpt == ["two"])
    }

    @Test(.timeLimit(.minutes(30))) func aChildKilledByASignalSaysWhich() throws {
        let end = try ChildProcess.runLines(shell("echo started; kill -SEGV $$"), firstLineWithin: .seconds(20)) { _ in
            .seconds(20)
        }
        #expect(end.signal == SIGSEGV)
        #expect(!end.isCleanExit && !end.timedOut)
        #expect(end.description.contains("SIGSEGV"))
    }

    /// The child stands for a hung queue: it says one line, then nothing for far longer than the
    /// line bound; it is killed at the bound, not waited for.
    @Test(.timeLimit(.minutes(30))) func aSilentChildIsKilledAtItsLineBound() throws {
        let start = ContinuousClock.now
        var lines: [String] = []
        let end = try ChildProcess.runLines(shell("echo working; exec sleep 60"), firstLineWithin: .seconds(20)) {
            lines.append($0)
            return .milliseconds(300)
        }
        #expect(lines == ["working"])
        #expect(end.timedOut)
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test(.timeLimit(.minutes(30))) func anExitStatusIsKept() throws {
        let end = try ChildProcess.runLines(shell("exit 3"), firstLineWithin: .seconds(20)) { _ in .seconds(1) }
        #expect(end.status == 3 && end.signal == nil)
        #expect(end.description == "exit status 3")
    }
}
