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

    /// A queue that never runs anything moves while operations are added and, after the check
    /// ended STALE, while it cleans up; between the two nothing moves for the check's stall bound
    /// (300 ms), and no beat comes in that stretch, however often the runner looks (every 200 µs).
    @Test(.timeLimit(.minutes(5))) func aStuckCheckStopsBeating() throws {
        let check = try #require(Check.named("deps.chain"))
        let beats = Locked<[UInt64]>([])
        var configuration = ConformanceConfiguration(
            level: .quick, seed: 1, checks: [check], timeBound: .milliseconds(300))
        configuration.heartbeat = ConformanceHeartbeat(every: .microseconds(200)) {
            beats.withLock { $0.append(MonotonicClock.now()) }
        }
        let began = MonotonicClock.now()
        let outcome = ConformanceSuite.run(check, on: TestQueue<NeverRuns>.self, configuration: configuration)
        let times = [began] + beats.withLock { $0 } + [MonotonicClock.now()]
        let longestQuiet = zip(times, times.dropFirst()).map { $1 - $0 }.max() ?? 0
        #expect(outcome.verdict == .stale, "\(outcome.verdict): \(outcome.summary)")
        // Half the stall bound: the beat after the last move may come a scheduling delay late.
        #expect(
            longestQuiet >= 150_000_000,
            "\(times.count - 2) beats, never 150 ms apart (longest \(longestQuiet / 1_000_000) ms) while nothing ran")
    }
}
