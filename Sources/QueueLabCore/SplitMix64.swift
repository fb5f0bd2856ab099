/// A small splittable pseudo-random generator whose sequence depends only on its seed: the one
/// source of randomness of the conformance suite (graph shapes, priorities, cancel points, jitter)
/// and of the benchmark runner (DAGs, priority mixes, sample order), so a seed replays a run on
/// any machine.
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

    /// A value in `range`, drawn from this generator.
    public mutating func int(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
}
