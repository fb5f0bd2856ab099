/// A small splittable pseudo-random generator: every random choice of the suite (graph shapes,
/// priorities, cancel points, jitter) comes from one of these, so one seed replays a run.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An independent generator: the parent advances by one step, so the child's stream does not
    /// depend on how many values the parent draws later.
    public mutating func split() -> SplitMix64 { SplitMix64(seed: next()) }

    /// The generator of one check: depends only on the run's seed and the check's ID, so
    /// `--check ID --seed N` replays exactly what the full run did for that check.
    public static func forCheck(seed: UInt64, checkID: String) -> SplitMix64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a: stable across processes, unlike Hasher.
        for byte in checkID.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        var mixer = SplitMix64(seed: seed ^ hash)
        return mixer.split()
    }

    /// A value in `range`, drawn from this generator.
    public mutating func int(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
}
