import Foundation
import TestTiers
import Testing

@testable import QueueLabBenchmarks

/// `bench --repetitions K`: which phase becomes the sample, and the spread recorded beside it.
@Suite(.onBlockingThreads) struct RepeatedPhasesTests {
    static func phase(wall: Double, p50: Double) -> SampleFigures {
        SampleFigures(
            values: ["operations": 100, "wall_s": wall, "e2f_p50_ns": p50], buildConfiguration: "release",
            allocator: "system")
    }

    @Test func theMedianWallPhaseIsTheSampleWithAllItsFigures() {
        let phases = [Self.phase(wall: 3, p50: 30), Self.phase(wall: 1, p50: 10), Self.phase(wall: 2, p50: 20)]
        let sample = RepeatedPhases.summarise(phases)
        #expect(sample["wall_s"] == 2)
        #expect(sample["e2f_p50_ns"] == 20)  // the same phase's latency, not a mix
        #expect(sample["repetitions"] == 3)
        #expect(sample["timed_operations"] == 300)
    }

    @Test func theSpreadIsTheSampleStandardDeviationOfLogWallTimes() {
        let walls = [1.0, 2.0, 4.0, 8.0]
        let sample = RepeatedPhases.summarise(walls.map { Self.phase(wall: $0, p50: 1) })
        // logs 0, l, 2l, 3l with l = ln 2: SD = l * sqrt(5/3)
        let expected = log(2.0) * (5.0 / 3.0).squareRoot()
        #expect(abs((sample["repetition_log_sd"] ?? 0) - expected) < 1e-12)
        #expect(sample["wall_s"] == 2)  // the lower median of an even count: a real phase
    }

    @Test func oneRepetitionHasNoSpread() {
        #expect(RepeatedPhases.summarise([Self.phase(wall: 1, p50: 1)])["repetition_log_sd"] == 0)
    }

    @Test func theFlagReachesTheSampleOnlyWhenAskedFor() throws {
        let workload = try Workload(parsing: "noop:n=10")
        let one = SampleProtocol.arguments(implementation: "lock", workload: workload, latencyEvery: 1, drainTimeout: 5)
        let five = SampleProtocol.arguments(
            implementation: "lock", workload: workload, latencyEvery: 1, drainTimeout: 5, repetitions: 5)
        #expect(!one.contains("--repetitions"))
        #expect(Array(five.suffix(2)) == ["--repetitions", "5"])
    }
}
