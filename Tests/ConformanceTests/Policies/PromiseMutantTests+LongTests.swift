import TestTiers
import Testing

/// The long tier of `PromiseMutantTests` (`QUEUELAB_LONG_TESTS=1`): the same, over 20 seeds.
extension PromiseMutantTests {
    @Test(
        "caught at default on seeds 1 to 20, lock and actor", .longTier("default-level mutants over 20 seeds"),
        arguments: cases)
    func caughtOnTwentySeeds(_ mutant: Case) throws { try Self.expectCaught(mutant, seeds: 1...20) }

    @Test(
        "every built-in policy passes the promise checks at default, seeds 1 to 20",
        .longTier("default-level runs over 20 seeds"))
    func builtInsPassOnTwentySeeds() { Self.expectBuiltInsPass(seeds: 1...20) }
}
