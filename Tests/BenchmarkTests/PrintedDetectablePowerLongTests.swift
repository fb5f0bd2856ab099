import Foundation
import QueueLabCore
import TestSupport
import TestTiers
import Testing

@testable import QueueLabBenchmarks

/// The detectable effect a row prints is a promise: a change that large is caught at least 80 % of
/// the time. Checked the way issue 28 found the old figure wanting: the printed figure of a run is
/// planted into fresh draws of recorded A/A noise (paired log ratios of 812 and 516 rounds, the same
/// binary as base and head on a loaded 2-core VM, Tests/Fixtures/aa-log-ratios-*.txt), and the real
/// `Comparison` (signed-rank test, Holm over a family of 12 rows) must detect it in at least 80 %
/// of the draws, at 20 pairs and at larger pair counts. The other 11 rows of the family hold 5
/// pairs of A/A noise each: they count in Holm's correction as any row does (the printed figure is
/// at 0.05 / 12) but cost no simulation, and at 5 pairs their p is never below 2/32, so they never
/// take the measured row's place at the head of Holm's order: what a family of null rows does,
/// for a twelfth of the time, so that the check can afford 30 runs (the figure of one run at 20
/// pairs swings by a third with that run's noise; 6 runs were not enough to average it).
@Suite(.longTier("statistical power: plants effects into recorded noise thousands of times"), .onComputeThread)
struct PrintedDetectablePowerTests {
    static let family = 12

    /// The recorded log ratios, centred on their median: A/A noise, with no change in it.
    static func pool(_ name: String) throws -> [Double] {
        let url = TestFixtures.url("aa-log-ratios-\(name).txt")
        let values = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") }.compactMap { Double($0) }
        let centre = Median.of(values)
        return values.map { $0 - centre }
    }

    /// A value of `pool`, put back anywhere within the fixture's rounding (6 decimals): two draws of
    /// one recorded value must not tie, as two real timings never do, or the signed-rank test would
    /// switch to its tie-corrected approximation, which the real comparison does not use, and the
    /// check would judge a test the gate never runs.
    static func draw(_ pool: [Double], _ random: inout SplitMix64) -> Double {
        let unit = Double(random.next() >> 11) / 9_007_199_254_740_992 - 0.5
        return pool[Int(random.next() % UInt64(pool.count))] + unit * 1e-6
    }

    /// The timestamps of a day's first six hours, formatted once: formatting one per record was
    /// an eighth of these simulations' time in a debug build.
    static let timestamps = (0..<86_400 / 4).map(formatted)

    static func timestamp(_ second: Int) -> String {
        second < timestamps.count ? timestamps[second] : formatted(second)
    }

    static func formatted(_ second: Int) -> String {
        String(format: "2026-11-23T%02d:%02d:%02dZ", second / 3600, second / 60 % 60, second % 60)
    }

    /// One interleaved run: cell 0 with `pairs` rounds, the other `family - 1` cells with 5 rounds,
    /// every log ratio drawn from `pool`; cell 0's head made `slowdown` slower.
    /// `noisyBase`: base's values drawn from the pool too (the unpaired check: each side noisy).
    static func run(
        pool: [Double], pairs: Int, slowdown: Double, random: inout SplitMix64, noisyBase: Bool = false,
        family: Int = family
    ) -> (base: [SampleRecord], head: [SampleRecord]) {
        var base: [SampleRecord] = []
        var head: [SampleRecord] = []
        for cell in 0..<family {
            for round in 0..<(cell == 0 ? pairs : 5) {
                let ratio = exp(draw(pool, &random)) / (cell == 0 ? 1 + slowdown : 1)
                // Base then head of a round, one second apart: the pairs' spans never overlap.
                let second = 2 * (cell * pairs + round)
                func record(_ variant: String, _ at: Int, _ value: Double) -> SampleRecord {
                    SampleRecord(
                        timestamp: timestamp(at),
                        variant: variant, gitCommit: "c", host: "h", cores: 2, swiftVersion: "6.3.1",
                        buildConfiguration: "release", allocator: "system", implementation: "lock", workload: "noop",
                        parameters: "n=\(cell)", seed: 7, round: round, figures: ["ops_per_s": value])
                }
                let baseValue = noisyBase ? 1e6 * exp(draw(pool, &random)) : 1e6
                base.append(record("base", second, baseValue))
                head.append(record("head", second + 1, 1e6 * ratio))
            }
        }
        return (base, head)
    }

    /// Over `runs` runs: the figure cell 0 prints (no change planted), then `fresh` new runs with
    /// that change planted in cell 0; the share of those in which cell 0 is significant after Holm
    /// and slower. Returns the share and the mean printed figure.
    static func detectionRate(_ name: String, pairs: Int, runs: Int, fresh: Int, family: Int = family) throws -> (
        rate: Double, printed: Double
    ) {
        let pool = try pool(name)
        var random = SplitMix64(seed: 0xF2E5_4000 &+ UInt64(pairs))
        var detected = 0
        var printedSum = 0.0
        for _ in 0..<runs {
            let measured = run(pool: pool, pairs: pairs, slowdown: 0, random: &random, family: family)
            let row = try #require(
                Comparison.compare(base: measured.base, head: measured.head, figures: ["ops_per_s"]).rows
                    .first { $0.parameters == "n=0" })
            #expect(row.design == .paired)
            try #require(row.detectable.isFinite)
            printedSum += row.detectable
            for _ in 0..<fresh {
                let planted = run(
                    pool: pool, pairs: pairs, slowdown: row.detectable, random: &random, family: family)
                let report = Comparison.compare(
                    base: planted.base, head: planted.head, figures: ["ops_per_s"], estimatingDetectable: false)
                let shifted = try #require(report.rows.first { $0.parameters == "n=0" })
                if shifted.adjustedP < report.rule.alpha && shifted.ratio.ratio < 1 { detected += 1 }
            }
        }
        return (Double(detected) / Double(runs * fresh), printedSum / Double(runs))
    }

    /// 30 runs x 30 fresh draws an argument (900 planted comparisons); minutes in a debug build on a
    /// loaded 2-core machine (the simulation is a few milliseconds a row in release).
    @Test(
        .timeLimit(.minutes(30)),
        arguments: [
            ("lock-noop", 20), ("lock-noop", 64), ("lock-noop", 128), ("dispatch-noop", 20), ("dispatch-noop", 100),
        ])
    func printedEffectIsDetectedInAtLeast80Percent(name: String, pairs: Int) throws {
        let (rate, printed) = try Self.detectionRate(name, pairs: pairs, runs: 30, fresh: 30)
        print(
            "power check \(name) \(pairs) pairs: printed \(Percent.format(printed)) detected in \(Percent.format(rate))"
        )
        #expect(rate >= 0.80, "\(name) at \(pairs) pairs: the printed \(printed) was detected in \(rate)")
    }

    /// The same promise on the noise of whole gate runs (`results/gate/runs/`, `Lab/gate-runs`):
    /// the A/A runs' `lock` `noop` rounds (the noisiest headline cell, the one the gate gives the
    /// most rounds), in the gate's family (10 cells x 4 default figures), at 20 pairs (where a gate
    /// starts) and at the median pairs that cell ended with in those runs, quiet and beside 4 busy loops
    /// (`loaded`: the first 6 runs, on which this check once found 76 % at 20 pairs: its own draws
    /// tied, see ``draw(_:_:)``; `loaded-10`: all 10 runs).
    @Test(
        .timeLimit(.minutes(30)),
        arguments: [
            ("gate-runs-quiet-lock-noop", 20), ("gate-runs-quiet-lock-noop", 74), ("gate-runs-loaded-lock-noop", 20),
            ("gate-runs-loaded-lock-noop", 58), ("gate-runs-loaded-10-lock-noop", 20),
            ("gate-runs-loaded-10-lock-noop", 58),
        ])
    func printedEffectIsDetectedOnGateRunNoise(name: String, pairs: Int) throws {
        let (rate, printed) = try Self.detectionRate(name, pairs: pairs, runs: 20, fresh: 30, family: 40)
        print(
            "power check \(name) \(pairs) pairs, family 40: printed \(Percent.format(printed)) detected in \(Percent.format(rate))"
        )
        #expect(rate >= 0.80, "\(name) at \(pairs) pairs: the printed \(printed) was detected in \(rate)")
    }

    /// Unpaired (Mann-Whitney U, `pairing: false`): each side's logs drawn from the recorded noise,
    /// the printed figure planted into fresh draws, detected in at least 80 %.
    @Test(.timeLimit(.minutes(30)), arguments: [20, 60])
    func printedUnpairedEffectIsDetectedInAtLeast80Percent(samples: Int) throws {
        let pool = try Self.pool("lock-noop")
        var random = SplitMix64(seed: 0x0E2A_1000 &+ UInt64(samples))
        var detected = 0
        var printedSum = 0.0
        let runs = 20
        let fresh = 30
        for _ in 0..<runs {
            let measured = Self.run(pool: pool, pairs: samples, slowdown: 0, random: &random, noisyBase: true)
            let row = try #require(
                Comparison.compare(base: measured.base, head: measured.head, figures: ["ops_per_s"], pairing: false)
                    .rows.first { $0.parameters == "n=0" })
            #expect(row.design == .unpaired)
            try #require(row.detectable.isFinite)
            printedSum += row.detectable
            for _ in 0..<fresh {
                // Head's log noise drawn apart from base's: the ratio's log is head's minus base's.
                let planted = Self.run(
                    pool: pool, pairs: samples, slowdown: row.detectable, random: &random, noisyBase: true)
                let report = Comparison.compare(
                    base: planted.base, head: planted.head, figures: ["ops_per_s"], pairing: false,
                    estimatingDetectable: false)
                let shifted = try #require(report.rows.first { $0.parameters == "n=0" })
                if shifted.adjustedP < report.rule.alpha && shifted.ratio.ratio < 1 { detected += 1 }
            }
        }
        let rate = Double(detected) / Double(runs * fresh)
        print(
            "power check unpaired \(samples) a side: printed \(Percent.format(printedSum / Double(runs))) detected in \(Percent.format(rate))"
        )
        #expect(rate >= 0.80)
    }

    /// The same row's noise gives the same figure: the simulation's draws come from a fixed seed.
    @Test func theFigureIsDeterministic() throws {
        let pool = try Self.pool("lock-noop")
        let ratios = Array(pool.prefix(30))
        let first = DetectableEffect.paired(logRatios: ratios, alpha: 0.05 / 12)
        #expect(first == DetectableEffect.paired(logRatios: ratios, alpha: 0.05 / 12))
        #expect(first.isFinite && first > 0)
    }

    /// Six pairs cannot reach 0.05 / 12 whatever they show (smallest p 2/64): nothing is detectable.
    @Test func tooFewPairsDetectNothing() {
        #expect(DetectableEffect.paired(logRatios: [0.01, -0.02, 0.03, 0, 0.01, -0.01], alpha: 0.05 / 12) == .infinity)
    }

    /// The shift found from the draws' Walsh averages is what planting it into the same draws and
    /// running the test on each finds: detected in at least 85 % of them both ways, and 2 % less
    /// is not (the quantile is the smallest such shift), at an exact and an approximate size.
    @Test(arguments: [20, 64])
    func theShiftIsTheSmallestTheTestDetects(pairs: Int) throws {
        let pool = try Self.pool("lock-noop")
        let draws = PlantedShiftPower.noise(Array(pool.prefix(pairs)), centre: 0, count: pairs, draws: 200)
        let shift = try #require(PlantedShiftPower.smallestShift(draws: draws, level: 0.05 / 12))
        var decision = SignedRankDecision(level: 0.05 / 12)
        func share(_ planted: Double, _ sign: Int) -> Double {
            Double(draws.filter { draw in decision.direction(draw.map { $0 + Double(sign) * planted }) == sign }.count)
                / Double(draws.count)
        }
        #expect(share(shift, 1) >= PlantedShiftPower.target && share(shift, -1) >= PlantedShiftPower.target)
        #expect(share(shift * 0.98, 1) < PlantedShiftPower.target || share(shift * 0.98, -1) < PlantedShiftPower.target)
    }

    /// The precomputed critical value decides as the test's p-value does, on both sides of 50.
    @Test(arguments: [8, 20, 50, 51, 90])
    func decisionAgreesWithTheTest(count: Int) {
        var random = SplitMix64(seed: UInt64(count))
        var decision = SignedRankDecision(level: 0.01)
        for _ in 0..<200 {
            let differences = (0..<count).map { _ in PlantedShiftPower.gaussian(&random) + 0.4 }
            let result = WilcoxonSignedRank.test(differences)
            let expected = result.p < 0.01 ? (result.wPlus * 2 > Double(count * (count + 1) / 2) ? 1 : -1) : 0
            #expect(decision.direction(differences) == expected)
        }
    }
}
