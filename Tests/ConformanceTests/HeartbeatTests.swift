import QueueLabConformance
import QueueLabCore
import Synchronization
import Testing

/// The heartbeat a supervising process reads to tell a slow check from a stuck one (`conform`'s
/// parent keeps a child alive while it beats): it beats while the check's queues move, and not
/// while they stand still, however often it is asked.
@Suite("A check's heartbeat")
struct HeartbeatTests {
    @Test(.timeLimit(.minutes(5))) func aMovingCheckBeatsAndKeepsItsVerdict() throws {
        let check = try #require(Check.named("deps.random-dag"))
        let beats = Atomic<Int>(0)
        var configuration = ConformanceConfiguration(level: .default, seed: 3, checks: [check], timeBound: passingBound)
        configuration.heartbeat = ConformanceHeartbeat(every: .microseconds(200)) { beats.add(1, ordering: .relaxed) }
        let outcome = ConformanceSuite.run(check, on: TestQueue<Correct>.self, configuration: configuration)
        #expect(outcome.verdict == .pass, "\(outcome.verdict): \(outcome.summary)")
        #expect(beats.load(ordering: .relaxed) > 0, "no beat in \(outcome.seconds) s of a check whose queues moved")
    }

    /// A queue that never runs anything moves only while operations are added; then nothing moves
    /// for the check's stall bound (300 ms) until it ends STALE, and no beat comes in that time,
    /// however often the runner looks (every 200 µs).
    @Test(.timeLimit(.minutes(5))) func aStuckCheckStopsBeating() throws {
        let check = try #require(Check.named("deps.chain"))
        let lastBeat = Atomic<UInt64>(0)
        var configuration = ConformanceConfiguration(
            level: .quick, seed: 1, checks: [check], timeBound: .milliseconds(300))
        configuration.heartbeat = ConformanceHeartbeat(every: .microseconds(200)) {
            lastBeat.store(MonotonicClock.now(), ordering: .relaxed)
        }
        let outcome = ConformanceSuite.run(check, on: TestQueue<NeverRuns>.self, configuration: configuration)
        let quiet = MonotonicClock.now() - lastBeat.load(ordering: .relaxed)
        #expect(outcome.verdict == .stale, "\(outcome.verdict): \(outcome.summary)")
        // Half the stall bound: the beat after the last move may come a scheduling delay late.
        #expect(quiet >= 150_000_000, "a beat \(quiet / 1_000_000) ms before the end of a check that stood still")
    }
}
