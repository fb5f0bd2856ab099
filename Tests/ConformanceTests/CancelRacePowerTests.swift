import Foundation
import LockBasedQueue
import QueueLabConformance
import QueueLabCore
import QueueLabScheduling
import Testing

/// Issue 26 point 4: the race checks count the races that landed, race until the level's floor,
/// and say UNDERPOWERED when they cannot get there; the report lists what fell short.
@Suite("Race checks measure their power")
struct CancelRacePowerTests {
    @Test func theFloorIsTheRuleOfThree() {
        #expect(CheckPower.eventsNeeded(oneIn: 1_000) == 2_996)
        let power = CheckPower(event: "races", landed: 2_996, attempts: 4_000, targetOneIn: 1_000)
        #expect(power.isEnough)
        #expect(power.floorOneIn == 1_000)
        #expect(!CheckPower(event: "races", landed: 2_995, attempts: 4_000, targetOneIn: 1_000).isEnough)
    }

    /// Nothing landed is no floor at all (a loaded campaign printed "floor 1 in 0"); one or two
    /// landed catch an operation that fails every time.
    @Test func aFloorIsWordedForWhatLanded() {
        func text(_ landed: Int) -> String {
            CheckPower(event: "races", landed: landed, attempts: 60, targetOneIn: 100).floorText
        }
        #expect(text(0) == "no floor, nothing landed")
        #expect(text(2) == "floor 1 in 1")
        #expect(text(300) == "floor 1 in 100")
        #expect(
            CheckPower(event: "races", landed: 0, attempts: 57, targetOneIn: 100).description
                == "0 races in 57 attempts: no floor, nothing landed (target 1 in 100, 300 needed)")
    }

    /// A body run twice on every 1,000th landed race: caught at default on one seed (20 seeds run
    /// in `DefaultLevelMutantTests`).
    @Test(.timeLimit(.minutes(5))) func aOneIn1000DuplicateIsCaughtAtDefault() throws {
        let check = try #require(Check.named("once.cancel-race"))
        let outcome = ConformanceSuite.run(
            check, on: TestQueue<RunsBodyTwiceOneIn1000>.self,
            configuration: ConformanceConfiguration(level: .default, seed: 7, checks: [check], timeBound: passingBound))
        #expect(outcome.verdict == .fail, "\(outcome.verdict): \(outcome.summary)")
    }

    /// The bound is four times the usual: beside 4 busy loops one run landed 2,724 of the 2,996
    /// races in three quarters of 30 s (UNDERPOWERED, rightly); the check stops as soon as it has
    /// them, so a quiet machine still takes a fraction of a second.
    @Test(.timeLimit(.minutes(5))) func aCorrectQueueReachesTheDefaultFloor() throws {
        let check = try #require(Check.named("once.cancel-race"))
        let outcome = ConformanceSuite.run(
            check, on: TestQueue<Correct>.self,
            configuration: ConformanceConfiguration(level: .default, seed: 3, checks: [check], timeBound: .seconds(120))
        )
        #expect(outcome.verdict == .pass, "\(outcome.verdict): \(outcome.summary)")
        let power = try #require(outcome.power)
        #expect(power.landed >= 2_996 && power.targetOneIn == 1_000, "\(power)")
    }

    /// Stress wants 29,958 landed races; three quarters of a 1 s bound holds far fewer attempts
    /// than that on a debug test queue (each one a wakeup, a hand-off and a wait).
    @Test(
        .timeLimit(.minutes(5)))
    func aBoundTooShortGivesUnderpowered() throws {
        let check = try #require(Check.named("once.cancel-race"))
        let outcome = ConformanceSuite.run(
            check, on: TestQueue<Correct>.self,
            configuration: ConformanceConfiguration(level: .stress, seed: 1, checks: [check], timeBound: .seconds(1)))
        #expect(outcome.verdict == .underpowered, "\(outcome.verdict): \(outcome.summary)")
        let power = try #require(outcome.power)
        #expect(power.landed > 0 && !power.isEnough, "\(power)")
        #expect(!outcome.isUnexpectedFailure)
        let report = ConformanceReport(
            outcomes: [outcome], implementations: [outcome.implementation], checks: [check.id], seed: 1,
            level: "stress", seconds: 1)
        #expect(report.isSuccess, "UNDERPOWERED fails a run only when asked to (conform --require-power)")
        #expect(report.shortOfPower.count == 1)
        #expect(report.text().contains("short of power"))
        #expect(report.junitXML().contains("UNDERPOWERED"))
        #expect(report.json().contains("\"UNDERPOWERED\""))
    }

    @Test func cancelRaceReportsItsLandedRaces() throws {
        let check = try #require(Check.named("cancel.race"))
        let outcome = ConformanceSuite.run(
            check, on: TestQueue<Correct>.self,
            configuration: ConformanceConfiguration(level: .quick, seed: 1, checks: [check], timeBound: passingBound))
        #expect(outcome.verdict == .pass || outcome.verdict == .underpowered, "\(outcome.summary)")
        #expect(outcome.power?.targetOneIn == 10)
    }

    /// A policy's promises that no check of the run verified: here every ordering check was left
    /// out, so aging's strict-priority, FIFO and bounded wait all went unverified.
    @Test func promisesNoCheckVerifiedAreListed() throws {
        let recipe = LockQueue.recipe(policy: AgingPolicy(step: .milliseconds(2)))
        let report = ConformanceSuite.run(
            recipe,
            configuration: ConformanceConfiguration(
                level: .quick, seed: 1, checks: [try #require(Check.named("deps.chain"))], timeBound: passingBound))
        let unverified = report.unverifiedPromises
        #expect(!unverified.isEmpty)
        #expect(unverified.allSatisfy { $0.implementation == recipe.label })
        #expect(
            unverified.contains { $0.promise == "bounded-wait" && $0.checks.map(\.id) == ["priority.no-starvation"] })
        #expect(report.text().contains("unverified policy promises"))
        #expect(report.text().contains("priority.no-starvation not run"))
    }
}
