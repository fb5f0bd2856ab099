import TestTiers
import Testing

/// The long tier of `PromiseMutantTests` (`QUEUELAB_LONG_TESTS=1`): the same, over seeds 1 to 5
/// (20 seeds: `results/policy-promises/`).
extension PromiseMutantTests {
    @Test(
        "caught at default on seeds 1 to 5, lock and actor", .longTier("default-level mutants over 5 seeds"),
        arguments: cases)
    func caughtOnFiveSeeds(_ mutant: Case) throws { try Self.expectCaught(mutant, seeds: 1...5) }

    @Test(
        "every built-in policy passes the promise checks at default, seeds 1 to 5",
        .longTier("default-level runs over 5 seeds"))
    func builtInsPassOnFiveSeeds() { Self.expectBuiltInsPass(seeds: 1...5) }
}
