import QueueLabCore

extension SplitMix64 {
    /// The generator of one check: depends only on the run's seed and the check's ID, so
    /// `--check ID --seed N` replays exactly what the full run did for that check.
    package static func forCheck(seed: UInt64, checkID: String) -> SplitMix64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a: stable across processes, unlike Hasher.
        for byte in checkID.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        var mixer = SplitMix64(seed: seed ^ hash)
        return mixer.split()
    }
}
