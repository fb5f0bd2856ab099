import Foundation
import QueueLabConformance
import QueueLabCore
import TestTiers
import Testing

/// Issue 26: defects that passed `default` because no check was built from the contract for
/// them. Each mutant is the correct test queue with one: a lost wake-up on resume when the
/// queue's workers retired, a bounded wait that returns while an asynchronous operation executes,
/// a lost wake-up when a dependency in another queue finishes, a batch that lists members with
/// dependency edges last. Each must be caught at `default` on every one of seeds 1 to 5 (or to
/// `QUEUELAB_MUTANT_SEEDS`, a campaign's count; long tier: the lost wake-ups end STALE, which costs the level's 8 s bound per seed).
@Suite("Contract mutants are caught at default", .longTier("default-level mutants over 5 seeds"), .onBlockingThreads)
struct ContractMutantTests {
    static let seeds: [UInt64] = Array(TestTier.mutantSeeds(standard: 5))

    @Test("a queue that forgets to wake on resume when its workers retired fails liveness.wakeups", arguments: seeds)
    func resumeForgetsIdleQueue(seed: UInt64) throws {
        try expectCaught(ResumeForgetsIdleQueue.self, "liveness.wakeups", seed: seed, mentioning: "resume")
    }

    @Test("a bounded wait that skips an executing asynchronous operation fails wait.unfinished", arguments: seeds)
    func boundedWaitSkipsExecutingAsync(seed: UInt64) throws {
        try expectCaught(
            BoundedWaitSkipsExecutingAsync.self, "wait.unfinished", seed: seed, mentioning: "asynchronous body")
    }

    @Test("a finish that does not wake its dependents' queues fails liveness.wakeups", arguments: seeds)
    func losesCrossQueueWakeup(seed: UInt64) throws {
        try expectCaught(LosesCrossQueueWakeup.self, "liveness.wakeups", seed: seed, mentioning: "other queue")
    }

    @Test("a batch that lists members with edges last fails batch.fifo", arguments: seeds)
    func listsEdgedMembersLast(seed: UInt64) throws {
        try expectCaught(
            ListsEdgedMembersLast.self, "batch.fifo", seed: seed, mentioning: "a member's dependency edges")
    }

    @Test(
        "the correct test queue passes the new checks",
        arguments: ["liveness.wakeups", "liveness.dependency-removed", "wait.unfinished", "batch.fifo"])
    func correctQueuePasses(check id: String) throws {
        let check = try #require(Check.named(id))
        for seed in Self.seeds {
            let outcome = ConformanceSuite.run(
                check, on: TestQueue<Correct>.self,
                configuration: ConformanceConfiguration(
                    level: .default, seed: seed, checks: [check], timeBound: passingBound))
            #expect(outcome.verdict == .pass, "seed \(seed): \(outcome.verdict) \(outcome.summary)")
        }
    }

    /// FAIL or STALE (a lost wake-up can only show as a queue that stands still), with `text` in
    /// the summary: the row or pair that caught it.
    private func expectCaught<F: QueueFlavor>(_: F.Type, _ id: String, seed: UInt64, mentioning text: String) throws {
        let check = try #require(Check.named(id))
        let outcome = ConformanceSuite.run(
            check, on: TestQueue<F>.self,
            configuration: ConformanceConfiguration(level: .default, seed: seed, checks: [check]))
        #expect(
            outcome.verdict == .fail || outcome.verdict == .stale, "seed \(seed): \(outcome.verdict) \(outcome.summary)"
        )
        #expect(outcome.summary.contains(text), "seed \(seed): \(outcome.summary)")
    }
}
