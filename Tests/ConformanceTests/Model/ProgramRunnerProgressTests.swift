import LockBasedQueue
import QueueLabCore
import TestTiers
import Testing

@testable import QueueLabConformance

/// What a model program counts as the queue moving: the check's watchdog ends it STALE after
/// nothing moved for its bound, so a long stretch of calls that start nothing must still count.
@Suite(.onBlockingThreads) struct ProgramRunnerProgressTests {
    /// op0 holds the one slot of q0 and op1 waits behind it: a priority change to op1 moves no
    /// operation, but the call returned, and that is the queue answering. Without this, hundreds
    /// of such calls on a loaded machine outlasted the watchdog and a caught defect read STALE.
    @Test func aCallThatReturnsIsProgressEvenWhenNothingStarts() throws {
        let context = ScenarioContext(
            level: .quick, capabilities: LockQueue.capabilities, recipe: QueueMaker(LockQueue.self),
            rng: SplitMix64(seed: 1), timeBound: .seconds(20), observationWindow: .milliseconds(50))
        let runner = ProgramRunner<LockQueue>(context, widths: [1], quiet: .microseconds(500))
        let setUp: [ModelCall] = [
            .make(op: 0, kind: .held, level: QueuePriority.normal.level), .add(op: 0, queue: 0),
            .make(op: 1, kind: .held, level: QueuePriority.normal.level), .add(op: 1, queue: 0),
        ]
        for call in setUp { #expect(try runner.make(call), "\(call)") }
        #expect(runner.model.op(0).started && !runner.model.op(1).started)
        let before = context.progress.last
        var notedAfter: [UInt64] = []
        for level in QueuePriority.allCases.map(\.level) {
            #expect(try runner.make(.setPriority(op: 1, level: level)))
            notedAfter.append(context.progress.last)
        }
        #expect(!runner.model.op(1).started, "the priority changes started nothing")
        #expect(notedAfter.allSatisfy { $0 > before }, "each returned call counts as progress")
        #expect(try runner.make(.release(op: 0)))
        try runner.finish()
    }
}
