import QueueLabConformance
import QueueLabCore
import Testing

/// Issue 26 point 4 for `batch.atomic`: its race counts only the batches added while the queue's
/// worker ran (the only ones in which a member admitted late can be missing), and on a queue that
/// delivers on the adding thread the runway and the held delivery make nearly every batch land.
@Suite("batch.atomic measures its power")
struct BatchRacePowerTests {
    @Test(.timeLimit(.minutes(5))) func aCorrectQueueLandsEnoughBatchesForTheDefaultFloor() throws {
        let check = try #require(Check.named("batch.atomic"))
        let outcome = ConformanceSuite.run(
            check, on: TestQueue<Correct>.self,
            configuration: ConformanceConfiguration(level: .default, seed: 1, checks: [check], timeBound: passingBound))
        #expect(outcome.verdict == .pass, "\(outcome.verdict): \(outcome.summary)")
        let power = try #require(outcome.power)
        #expect(power.targetOneIn == 50 && power.isEnough, "\(power)")
        #expect(power.attempts >= 1_500 && power.landed <= power.attempts, "\(power)")
        #expect(outcome.summary.contains("added while the queue's worker ran"), "\(outcome.summary)")
    }

    /// The outcome states the floor of the level it ran at, and a passing run reached it.
    @Test(.timeLimit(.minutes(5))) func aQuickRunIsJudgedAgainstTheQuickFloor() throws {
        let check = try #require(Check.named("batch.atomic"))
        let outcome = ConformanceSuite.run(
            check, on: TestQueue<Correct>.self,
            configuration: ConformanceConfiguration(level: .quick, seed: 2, checks: [check], timeBound: passingBound))
        #expect(outcome.verdict == .pass, "\(outcome.verdict): \(outcome.summary)")
        let power = try #require(outcome.power)
        #expect(power.targetOneIn == ConformanceLevel.quick.batchRaceFloorOneIn, "\(power)")
        #expect(power.targetOneIn < ConformanceLevel.default.batchRaceFloorOneIn, "\(power)")
        #expect(power.landed >= CheckPower.eventsNeeded(oneIn: power.targetOneIn), "\(power)")
    }
}
