import QueueLabBenchmarks
import QueueLabScheduling
import Testing

@testable import QueueLabSimulation

/// The machine's stalls: measured by the probe, drawn by the model, and what they do to a run.
@Suite struct StallTests {
    static func stalled(perSecond: Double, durations: [UInt64]) -> SimulationCalibration {
        var calibration = SimulationCalibration.ideal
        (calibration.stallsPerSecond, calibration.stallNanoseconds) = (perSecond, durations)
        return calibration
    }

    /// A Poisson process of 1,000 stalls a CPU second, 10 or 30 us each: over 100 s of bodies it loses
    /// about 100,000 x 20 us = 2 s. The draws are seeded, so the figure is exact run to run.
    @Test func theModelLosesWhatItsRateAndDurationsSay() throws {
        var model = try #require(StallModel(Self.stalled(perSecond: 1_000, durations: [10_000, 30_000]), seed: 1))
        var lost: UInt64 = 0
        for _ in 0..<1_000_000 { lost += model.stalls(during: 100_000) }
        #expect(abs(Double(lost) / 2e9 - 1) < 0.02, "\(lost)")
        let calibration = Self.stalled(perSecond: 1_000, durations: [10_000, 30_000])
        var one = try #require(StallModel(calibration, seed: 7))
        var other = try #require(StallModel(calibration, seed: 7))
        let first = (0..<1_000).map { _ in one.stalls(during: 50_000) }
        let second = (0..<1_000).map { _ in other.stalls(during: 50_000) }
        #expect(first == second && first.contains { $0 > 0 })
        #expect(StallModel(.ideal, seed: 1) == nil)
    }

    /// The tail is a second process on top of the bulk: 1,000 stalls a CPU second of 10 us and 10 of
    /// 0.5 ms lose 1 % and 0.5 % of the CPU time (over 100 s, about 1,000 tail stalls: a standard
    /// deviation of 3 %); and adding a tail leaves the bulk's draws as they were, so a calibration
    /// made before tails existed runs as it did.
    @Test func theTailAddsItsOwnStalls() throws {
        var calibration = Self.stalled(perSecond: 1_000, durations: [10_000])
        var bulkOnly = try #require(StallModel(calibration, seed: 3))
        (calibration.tailStallsPerSecond, calibration.tailStallNanoseconds) = (10, [500_000])
        var withTail = try #require(StallModel(calibration, seed: 3))
        var (bulkLost, allLost): (UInt64, UInt64) = (0, 0)
        var tailSeen = false
        for _ in 0..<1_000_000 {
            let bulk = bulkOnly.stalls(during: 100_000)
            let all = withTail.stalls(during: 100_000)
            tailSeen = tailSeen || all >= bulk + 500_000
            #expect(all == bulk || all >= bulk + 500_000)
            (bulkLost, allLost) = (bulkLost + bulk, allLost + all)
        }
        #expect(tailSeen)
        #expect(abs(Double(bulkLost) / 1e9 - 1) < 0.02, "\(bulkLost)")
        #expect(abs(Double(allLost - bulkLost) / 0.5e9 - 1) < 0.12, "\(allLost - bulkLost)")
    }

    /// A body watches the clock: a stall that ends before its deadline costs it nothing, one that
    /// covers the deadline costs the part past it. Stalls of 10 us at 1,000 a running second cover a
    /// deadline about once in a hundred bodies, by 5 us on average: about 50 ns a body of 100 us,
    /// where counting them whole loses 1 us. A stall longer than the body (1 ms, a 20 us body) costs
    /// nearly all of itself. And for one body from the same draws, never more than counting them whole.
    @Test func aBodyLosesOnlyWhatAStallTakesPastItsEnd() throws {
        var short = try #require(StallModel(Self.stalled(perSecond: 1_000, durations: [10_000]), seed: 1))
        var lost: UInt64 = 0
        for _ in 0..<1_000_000 { lost += short.overrun(ofDeadline: 100_000) }
        #expect(abs(Double(lost) / 1e6 - 50) < 5, "\(lost)")
        var long = try #require(StallModel(Self.stalled(perSecond: 1_000, durations: [1_000_000]), seed: 2))
        var (met, longLost): (Int, UInt64) = (0, 0)
        for _ in 0..<100_000 {
            let overrun = long.overrun(ofDeadline: 20_000)
            if overrun > 0 { (met, longLost) = (met + 1, longLost + overrun) }
            #expect(overrun == 0 || (980_000...1_000_000).contains(overrun))
        }
        // About 2 % of 20 us bodies meet one (1,000 a second).
        #expect((1_700...2_300).contains(met), "\(met)")
        #expect(longLost > 0)
        let calibration = Self.stalled(perSecond: 20_000, durations: [3_000, 40_000])
        for seed in UInt64(1)...500 {
            var deadline = try #require(StallModel(calibration, seed: seed))
            var whole = try #require(StallModel(calibration, seed: seed))
            #expect(deadline.overrun(ofDeadline: 100_000) <= whole.stalls(during: 100_000), "seed \(seed)")
        }
    }

    /// In wall time a stall delays only the moments it covers, each to its end: with stalls of
    /// 1 ms a mean 10 ms apart (end to start), 1/11 of the time is covered, and a moment covered
    /// waits 0.5 ms on average, 1 ms at most.
    @Test func aWallClockStallDelaysTheMomentsItCovers() throws {
        var stalls = try #require(
            WallClockStalls(Self.stalled(perSecond: 100, durations: [1_000_000]), seed: 5, salt: 1))
        var (delayed, delay, count): (Int, UInt64, Int) = (0, 0, 0)
        for moment in stride(from: UInt64(0), to: 10_000_000_000, by: 10_000) {
            let ready = stalls.ready(at: moment)
            #expect(ready >= moment && ready - moment <= 1_000_000)
            if ready > moment { (delayed, delay) = (delayed + 1, delay + ready - moment) }
            count += 1
        }
        #expect(abs(Double(delayed) / Double(count) * 11 - 1) < 0.15, "\(delayed) of \(count)")
        #expect(abs(Double(delay) / Double(delayed) / 500_000 - 1) < 0.1)
        #expect(WallClockStalls(.ideal, seed: 5, salt: 1) == nil)
    }

    /// The probe keeps the bulk as quantiles and its longest stalls one by one: at most
    /// ``StallProbe/tailLimit``, a sixteenth of all, with rates that add up to the stalls met.
    @Test func theProbeKeepsItsLongestStallsEach() {
        let sorted = (1...3_200).map { UInt64($0) * 1_000 }
        let measured = StallMeasurement(sorted: sorted, threadSeconds: 2)
        #expect(measured.tailDurations == Array(sorted.suffix(200)))
        #expect(measured.durations.count == StallProbe.quantiles && measured.durations.last! < 3_001_000)
        #expect(measured.perSecond == 1_500 && measured.tailPerSecond == 100)
        let many = StallMeasurement(sorted: (1...100_000).map { UInt64($0) }, threadSeconds: 1)
        #expect(many.tailDurations.count == StallProbe.tailLimit && many.tailDurations.last == 100_000)
        let few = StallMeasurement(sorted: [5_000, 7_000], threadSeconds: 1)
        #expect(few.tailDurations.isEmpty && few.durations == [5_000, 7_000] && few.perSecond == 2)
    }

    /// 10,000 bodies of 10 us on one core meet about 100 stalls of 20 us, each longer than its body, so
    /// each costs what it runs past the body's end, 10 to 20 us: the makespan grows by about 1.5 ms
    /// (counted whole, 2 ms); the same seed gives the same run, and another seed another one.
    @Test func stallsLengthenARunAsDrawn() throws {
        let shape = SimulationShape(durations: Array(repeating: 10_000, count: 10_000))
        let policy = try SchedulingPolicies.parse("fifo")
        func makespan(_ calibration: SimulationCalibration, seed: UInt64) throws -> UInt64 {
            var simulator = Simulator(shape: shape, calibration: calibration, width: 1, cores: 1)
            simulator.stallSeed = seed
            return try simulator.run(policy: policy).makespan
        }
        let stalled = Self.stalled(perSecond: 1_000, durations: [20_000])
        let exact = try makespan(.ideal, seed: 1)
        let lost = try makespan(stalled, seed: 1) - exact
        #expect(exact == 100_000_000)
        #expect(abs(Double(lost) / 1.5e6 - 1) < 0.35, "\(lost) ns lost")
        #expect(try makespan(stalled, seed: 1) == exact + lost)
        #expect(try makespan(stalled, seed: 2) != exact + lost)
    }

    /// More spinning threads than cores must lose their cores: the probe sees it, and opens its
    /// window at the bound, since such threads never run side by side.
    @Test(.timeLimit(.minutes(1))) func theProbeSeesThreadsLoseTheirCores() {
        let cores = RunMetadata.current().cores
        let measured = StallProbe.measure(
            threads: cores + 1, duration: .milliseconds(300), settleBound: .milliseconds(200))
        #expect(measured.sideBySideAfterNanoseconds == nil)
        #expect(measured.perSecond > 0)
        #expect(!measured.durations.isEmpty && measured.durations.count <= StallProbe.quantiles)
        let all = measured.durations + measured.tailDurations
        #expect(all == all.sorted() && all.allSatisfy { $0 > StallProbe.threshold })
    }

    /// One thread is side by side with itself at once.
    @Test(.timeLimit(.minutes(1))) func oneThreadMeasuresAtOnce() {
        let measured = StallProbe.measure(threads: 1, duration: .milliseconds(50), settleBound: .seconds(30))
        #expect(measured.sideBySideAfterNanoseconds.map { $0 < 1_000_000_000 } == true)
    }

    @Test func quantilesAreEvenlySpaced() {
        #expect(StallProbe.quantilesOf([5, 6, 7]) == [5, 6, 7])
        let many = (1...640).map { UInt64($0) }
        let kept = StallProbe.quantilesOf(many)
        #expect(kept.count == StallProbe.quantiles && kept.first == 6 && kept.last == 636)
    }
}
