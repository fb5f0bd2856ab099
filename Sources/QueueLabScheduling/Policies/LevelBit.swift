/// A level's bit in a per-level `UInt8` mask, shifted within `UInt8`: `1 << level` with an `Int`
/// level takes the generic shift path (calls through `BinaryInteger`'s witnesses, seen under
/// Callgrind on every push and pop).
@inline(__always)
func levelBit(_ level: Int) -> UInt8 { 1 &<< UInt8(truncatingIfNeeded: level) }
