import TestTiers
import Testing

/// The long tier of `PromiseMutantTests` (`QUEUELAB_LONG_TESTS=1`): the same, over seeds 1 to 5, or
/// to `QUEUELAB_MUTANT_SEEDS` (a campaign's count: `results/trust/`).
extension PromiseMutantTests {
    @Test(
        "caught at default on every seed, lock and actor", .longTier("default-level mutants over 5 seeds"),
        arguments: cases)
    func caughtOnEverySeed(_ mutant: Case) throws {
        try Self.expectCaught(mutant, seeds: TestTier.mutantSeeds(standard: 5))
    }

    @Test(
        "every built-in policy passes the promise checks at default, every seed",
        .longTier("default-level runs over 5 seeds"))
    func builtInsPassOnEverySeed() { Self.expectBuiltInsPass(seeds: TestTier.mutantSeeds(standard: 5)) }
}
