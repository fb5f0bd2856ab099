import TestTiers
import Testing

@testable import QueueLabBenchmarks

/// How sequential sampling spends its budget: what each row needs, who is funded, what is expected.
@Suite(.onBlockingThreads) struct RoundPlanTests {
    static func row(_ cell: String, pairs: Int = 10, detectable: Double, cost: Double = 1) -> RowNeed {
        RowNeed(cell: cell, pairs: pairs, detectable: detectable, secondsPerPair: cost)
    }

    @Test func aRowNeedsPairsAsTheSquareOfHowFarItIsFromTheLimit() {
        // Twice the limit after 10 pairs: 40 in all, 30 more.
        #expect(RoundPlan.neededPairs(Self.row("a", detectable: 0.14), limit: 0.07) == 30)
        #expect(RoundPlan.neededPairs(Self.row("a", detectable: 0.07), limit: 0.07) == 0)
        #expect(RoundPlan.neededPairs(Self.row("a", detectable: .infinity), limit: 0.07) == nil)
        // Far beyond any budget: saturates, no trap.
        let far = RoundPlan.neededPairs(Self.row("a", pairs: Int.max / 4, detectable: 1e300), limit: 1e-300)
        #expect(far == Int.max / 2)
        #expect(abs(RoundPlan.expected(detectable: 0.14, pairs: 10, extra: 30) - 0.07) < 1e-12)
    }

    @Test func aBudgetThatCoversEveryNeedFundsEachRowWhole() {
        let plan = RoundPlan.allot(
            [Self.row("slow", detectable: 0.14, cost: 2), Self.row("fast", detectable: 0.10, cost: 1)],
            limit: 0.07, seconds: 1_000, step: 4)
        // Cheapest need first: fast needs 21 more (24 rounded to the step) at 1 s, slow 30 (32) at 2 s.
        #expect(plan.map(\.cell) == ["fast", "slow"])
        #expect(plan.map(\.extra) == [12, 32])
        #expect(plan.allSatisfy { $0.expected <= 0.07 }, "\(plan)")
        #expect(plan.map(\.seconds) == [12, 64])
    }

    @Test func aShortBudgetFinishesTheRowsItCanAndSharesTheRest() {
        // 60 s: "cheap" needs 32 s and is funded whole; the 28 s left go to "dear" (needs 320 s).
        let plan = RoundPlan.allot(
            [Self.row("dear", detectable: 0.14, cost: 10), Self.row("cheap", detectable: 0.14, cost: 1)],
            limit: 0.07, seconds: 60, step: 4)
        #expect(plan.map(\.cell) == ["cheap", "dear"])
        #expect(plan[0].extra == 32 && plan[0].expected <= 0.07)
        #expect(plan[1].needed == 32 && plan[1].extra == 0 && plan[1].expected == 0.14)
        // With 100 s, dear's share buys 6.8 pairs: one step of 4, and it is expected above the limit.
        let more = RoundPlan.allot(
            [Self.row("dear", detectable: 0.14, cost: 10), Self.row("cheap", detectable: 0.14, cost: 1)],
            limit: 0.07, seconds: 100, step: 4)
        #expect(more[1].extra == 4 && more[1].expected > 0.07 && more[1].expected < 0.14)
    }

    @Test func aRowThatDetectsNothingYetIsMeasuredFirst() {
        let plan = RoundPlan.allot(
            [Self.row("known", detectable: 0.10), Self.row("blind", pairs: 3, detectable: .infinity)],
            limit: 0.07, seconds: 1_000, step: 4)
        #expect(plan.first?.cell == "blind")
        #expect(plan.first?.needed == nil && plan.first?.extra == 4)
        #expect(plan.first?.expected == .infinity)
    }

    @Test func timeLeftBuysAtLeastOneStepAndNoTimeBuysNone() {
        let rows = [Self.row("a", detectable: 0.5, cost: 5), Self.row("b", detectable: 0.5, cost: 3)]
        let little = RoundPlan.allot(rows, limit: 0.07, seconds: 1, step: 4)
        #expect(little.filter { $0.extra > 0 }.map(\.cell) == ["b"])
        #expect(little.first { $0.cell == "b" }?.extra == 4)
        let none = RoundPlan.allot(rows + [Self.row("c", detectable: .infinity)], limit: 0.07, seconds: 0, step: 4)
        #expect(none.allSatisfy { $0.extra == 0 })
    }
}
