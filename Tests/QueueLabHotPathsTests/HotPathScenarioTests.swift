import LockBasedQueue
import QueueLabCore
import QueueLabHotPaths
import TestTiers
import Testing

@Suite(.onBlockingThreads) struct HotPathScenarioTests {
    /// The names are those of the committed thresholds (Benchmarks/Thresholds/6.3/QueueHotPaths.lock-*.json):
    /// renaming a path would orphan them.
    @Test func namesAreTheBenchmarkNames() {
        #expect(
            HotPathScenario<LockQueue>.all.map(\.name) == [
                "lock-add", "lock-start-finish", "lock-dependency-release", "lock-cancel",
            ])
        #expect(
            HotPathScenario<LockQueue>.all.allSatisfy {
                $0.allocationTolerance == HotPath.recommendedAllocationTolerance
            })
    }

    /// Each iteration opens and closes the measured stretch exactly once, in that order, and returns
    /// (it drains its queue, bounded by HotPath.drainLimit, or stops the process).
    @Test(arguments: HotPath.allCases) func anIterationMeasuresOnceAndDrains(path: HotPath) {
        var edges: [String] = []
        HotPathScenario<LockQueue>(path).runIteration(
            startMeasurement: { edges.append("start") }, stopMeasurement: { edges.append("stop") })
        #expect(edges == ["start", "stop"])
    }

    @Test func aToleranceCanBeWidenedForOneScenario() {
        let wide = HotPathScenario<LockQueue>(.add, allocationTolerance: 160)
        #expect(wide.allocationTolerance == 160)
        #expect(wide.name == "lock-add")
    }
}
