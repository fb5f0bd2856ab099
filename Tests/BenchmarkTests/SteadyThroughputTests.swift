import QueueLabImplementations
import Testing

@testable import QueueLabBenchmarks

@Suite struct SteadyThroughputTests {
    private static func finishTimes(_ times: [UInt64]) -> [UInt64] { times.sorted() }

    @Test func ignoresTheRampUpAndTheDrain() throws {
        // 1,000 operations: the first 50 finish over 100 ms (threads starting), the middle 900 at one
        // every 10 us, the last 50 over another 100 ms (the drain). The wall rate is about 4,100/s;
        // the steady rate is the middle's, 100,000/s.
        var times: [UInt64] = (0..<50).map { UInt64($0) * 2_000_000 }
        times += (0..<900).map { 100_000_000 + UInt64($0) * 10_000 }
        times += (0..<50).map { 109_000_000 + UInt64($0) * 2_000_000 }
        let steady = try #require(SampleRunner.steadyThroughput(Self.finishTimes(times), operations: 1_000))
        #expect(abs(steady / 100_000 - 1) < 0.01, "steady \(steady)")
    }

    @Test func needsEnoughFinishes() {
        #expect(
            SampleRunner.steadyThroughput(Self.finishTimes((1...19).map { UInt64($0) * 1_000 }), operations: 19) == nil)
        #expect(
            SampleRunner.steadyThroughput(Self.finishTimes(Array(repeating: 5_000, count: 50)), operations: 50) == nil)
    }

    @Test(.timeLimit(.minutes(5)))
    func aSampleReportsIt() throws {
        let queue = try #require(Implementations.queues.first)
        let figures = try SampleRunner.run(
            queue, workload: Workload(kind: .noop, parameters: ["n": 2_000]), latencyEvery: 10,
            drainTimeout: .seconds(20), environment: [:])
        let steady = try #require(figures["steady_ops_per_s"])
        #expect(steady > 0)
        let cancelled = try SampleRunner.run(
            queue, workload: Workload(kind: .cancel), latencyEvery: 10, drainTimeout: .seconds(20), environment: [:])
        #expect(cancelled["steady_ops_per_s"] == nil)
    }
}
