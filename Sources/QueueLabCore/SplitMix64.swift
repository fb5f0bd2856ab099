/// A small splittable pseudo-random generator whose sequence depends only on its seed: the one
/// source of randomness of the conformance suite (graph shapes, priorities, cancel points, jitter)
/// and of the benchmark runner (DAGs, priority mixes, sample order), so a seed replays a run on
/// any machine. `package`: the seeds are QueueLab's, not its API; a queue or a check of a user's
/// own draws from a generator of its own.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    package private(set) var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An independent generator: the parent advances by one step, so the child's stream does not
    /// depend on how many values the parent draws later.
    package mutating func split() -> SplitMix64 { SplitMix64(seed: next()) }

    /// A value in `range`, drawn from this generator.
    package mutating func int(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// True with probability `p`.
    package mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
}
