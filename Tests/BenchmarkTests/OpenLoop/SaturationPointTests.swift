import QueueLabBenchmarks
import TestSupport
import TestTiers
import Testing

/// Finding the saturation point in a sweep's rows, per round and from medians.
@Suite(.onBlockingThreads) struct SaturationPointTests {
    @Test func highestRateBeforeTheFirstFailure() throws {
        // const:50us: the wait limit is 20 x 50 us = 1 ms.
        var records: [SampleRecord] = []
        for round in 0..<3 {
            records.append(
                SyntheticRecords.openLoop("lock", rate: 1_000, round: round, achieved: 1_000, waitP99: 10_000))
            records.append(
                SyntheticRecords.openLoop("lock", rate: 2_000, round: round, achieved: 1_990, waitP99: 50_000))
            // Round 2 keeps up at 4,000 too, but only after failing at 3,000: the walk stops there.
            records.append(SyntheticRecords.openLoop("lock", rate: 3_000, round: round, achieved: 2_000, waitP99: 5e6))
            records.append(
                SyntheticRecords.openLoop(
                    "lock", rate: 4_000, round: round, achieved: round == 2 ? 4_000 : 2_000, waitP99: 10_000))
            // Late generator: no wait figure, so the rate is not kept.
            records.append(
                SyntheticRecords.openLoop("actor", rate: 1_000, round: round, achieved: 1_000, waitP99: 10_000))
            records.append(SyntheticRecords.openLoop("actor", rate: 2_000, round: round, achieved: 2_000, waitP99: nil))
        }
        let sweeps = SaturationPoint.sweeps(in: records)
        #expect(sweeps.map(\.implementation) == ["actor", "lock"])
        #expect(sweeps.map(\.medianSaturation) == [1_000, 2_000])
        #expect(sweeps[1].waitLimitNanoseconds == 1_000_000)
        // A heavy tail: the residual (127 us) sets the limit, not the 10 us mean.
        let tail = try ServiceDistribution(parsing: "bimodal:5us,500us,0.01")
        let secondMoment: Double = 0.99 * 25e6 + 0.01 * 25e10
        let residual = secondMoment / (2 * 9_950)
        #expect(abs(tail.meanResidualNanoseconds - residual) < 1)
        #expect(abs(SaturationPoint.waitLimit(for: tail) - 20 * residual) < 20)
        #expect(try ServiceDistribution(parsing: "exp:150us").meanResidualNanoseconds == 150_000)
        #expect(try ServiceDistribution(parsing: "const:50us").meanResidualNanoseconds == 25_000)
        let rows = SaturationPoint.rows(for: records)
        #expect(rows.count == 6)
        #expect(
            rows.allSatisfy {
                $0.parameters == "rate=1000+2000+3000+4000;service=const:50us;width=1"
                    || $0.parameters == "rate=1000+2000;service=const:50us;width=1"
            })
        #expect(
            rows.filter { $0.implementation == "lock" }.map { $0.figures["saturation_ops_per_s"] } == [
                2_000, 2_000, 2_000,
            ])
        #expect(SaturationSummary.render(records)?.contains("saturation lock") == true)
        #expect(SaturationSummary.render(Array(records.prefix(1))) == nil)
    }

    @Test func saturationIsJudgedHigherIsBetter() {
        #expect(Figure.byColumn["saturation_ops_per_s"]?.direction == .higherIsBetter)
        #expect(Figure.judgedByDefault.contains("saturation_ops_per_s"))
        #expect(Figure.optionalColumns.contains("saturation_ops_per_s"))
    }
}
