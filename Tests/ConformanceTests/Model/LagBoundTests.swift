import TestTiers
import Testing

@testable import QueueLabConformance

/// The bound on how long a state may lag its call: the clock and the checker's own turns, capped.
@Suite(.onBlockingThreads) struct LagBoundTests {
    @Test func theClockAloneDoesNotEndTheWaitOfAStarvedChecker() {
        var bound = LagBound(clock: .zero, turns: 3, cap: .seconds(3600))
        for _ in 0..<2 {
            bound.tookTurn()
            #expect(!bound.hasPassed, "the clock passed, but the checker had too few turns to judge the queue")
        }
        bound.tookTurn()
        #expect(bound.hasPassed)
    }

    @Test func turnsAloneDoNotEndItBeforeTheClock() {
        var bound = LagBound(clock: .seconds(3600), turns: 1, cap: .seconds(7200))
        for _ in 0..<10 { bound.tookTurn() }
        #expect(!bound.hasPassed)
    }

    @Test func theCapEndsItHoweverFewTheTurns() {
        let bound = LagBound(clock: .seconds(3600), turns: 1_000_000, cap: .zero)
        #expect(bound.hasPassed)
    }

    @Test func aQuarterOfThePatienceAndHalfAsManyTurnsAsItsMilliseconds() {
        // 500 ms on the clock and 250 turns of about 1 ms: on an idle machine the clock decides.
        #expect(LagBound(patience: .seconds(2)).turnsNeeded == 250)
    }
}
