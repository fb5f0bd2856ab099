import QueueLabConformance
import QueueLabCore
import TestTiers
import Testing

/// Mutants of the defects found by a third party (a queue kept alive by its finished operations,
/// a busy queue freed under its work, a batch admitted one member at a time) are caught at the
/// `default` level, the one users run, on every one of 20 seeds (`QUEUELAB_MUTANT_SEEDS` to change; 3 under ThreadSanitizer). Seeds run in parallel.
@Suite(
    "Lifetime and batch mutants are caught at default", .longTier("default-level mutants over 20 seeds"),
    .onBlockingThreads)
struct LifetimeAndBatchMutantTests {
    /// 3 under ThreadSanitizer, whose slowdown would cost CI minutes per mutant.
    static let seeds: [UInt64] = Array(TestTier.runsUnderThreadSanitizer ? 1...3 : TestTier.mutantSeeds(standard: 20))

    @Test("a queue its finished operations keep alive fails lifetime.idle", arguments: seeds)
    func keepsQueueAlive(seed: UInt64) throws {
        try expectFail(KeepsQueueAlive.self, "lifetime.idle", seed: seed, mentioning: "was not freed")
    }

    @Test("a busy queue freed under its work fails lifetime.pending", arguments: seeds)
    func freedUnderWork(seed: UInt64) throws {
        try expectFail(FreedUnderWork.self, "lifetime.pending", seed: seed, mentioning: "was freed while")
    }

    @Test("a batch admitted one member at a time fails batch.atomic", arguments: seeds)
    func admitsOneByOne(seed: UInt64) throws {
        try expectFail(AdmitsOneByOne.self, "batch.atomic", seed: seed, mentioning: "one unit")
    }

    @Test(
        "the correct test queue passes the same checks",
        arguments: ["lifetime.idle", "lifetime.pending", "batch.atomic"])
    func correctQueuePasses(check id: String) throws {
        let check = try #require(Check.named(id))
        for seed: UInt64 in 1...3 {
            let outcome = ConformanceSuite.run(
                check, on: TestQueue<Correct>.self,
                configuration: ConformanceConfiguration(
                    level: .default, seed: seed, checks: [check], timeBound: passingBound))
            #expect(outcome.verdict == .pass, "seed \(seed): \(outcome.verdict) \(outcome.summary)")
        }
    }

    private func expectFail<F: QueueFlavor>(_: F.Type, _ id: String, seed: UInt64, mentioning text: String) throws {
        let check = try #require(Check.named(id))
        let outcome = ConformanceSuite.run(
            check, on: TestQueue<F>.self,
            configuration: ConformanceConfiguration(
                level: .default, seed: seed, checks: [check], timeBound: .seconds(8)))
        #expect(outcome.verdict == .fail, "seed \(seed): \(outcome.verdict) \(outcome.summary)")
        #expect(outcome.summary.contains(text), "seed \(seed): \(outcome.summary)")
    }
}
