/// The writer's operations in flight, by identity: open addressing with linear probing, keys
/// spread by a Fibonacci multiply.
///
/// A `Dictionary` hashes every key with SipHash, seeded per instance: at four or five lookups an
/// operation that was more than a third of the writer's instructions on `noop` (callgrind of the
/// overhead example, 20,000 operations). Identities come from a process-wide counter, which the
/// multiply spreads over the table well enough; the table stays at most half full, and a removal
/// shifts the following entries of its run back (no tombstones), so a lookup stays a probe or two.
struct InFlightTable<Value> {
    private var keys: [UInt64]
    private var values: [Value?]
    /// Entries held.
    private(set) var count = 0
    private var shift: UInt64

    /// Room for `capacity` entries before the first growth (rounded up to a power of two, twice it).
    init(capacity: Int = 512) {
        var slots = 16
        while slots < capacity * 2 { slots *= 2 }
        keys = Array(repeating: 0, count: slots)
        values = Array(repeating: nil, count: slots)
        shift = UInt64(64 - slots.trailingZeroBitCount)
    }

    /// The value for `key`, made by `make` and inserted when absent, changed in place by `change`.
    @inline(__always)
    mutating func update<Result>(
        _ key: UInt64, default make: @autoclosure () -> Value, _ change: (inout Value) -> Result
    ) -> Result {
        var slot = find(key)
        if values[slot] == nil {
            if (count + 1) * 2 > keys.count {
                grow()
                slot = find(key)
            }
            keys[slot] = key
            values[slot] = make()
            count += 1
        }
        return change(&values[slot]!)
    }

    /// Removes and returns the value for `key`, nil when absent.
    mutating func removeValue(forKey key: UInt64) -> Value? {
        var hole = find(key)
        guard let removed = values[hole] else { return nil }
        values[hole] = nil
        count -= 1
        // Moves back each later entry of the run that may no longer be reached past the hole.
        let mask = keys.count - 1
        var next = (hole + 1) & mask
        while values[next] != nil {
            let home = self.home(keys[next])
            // The entry stays unless the hole lies between its home and its slot (cyclically).
            let distanceToHole = (hole &- home) & mask
            let distanceToSlot = (next &- home) & mask
            if distanceToHole < distanceToSlot {
                keys[hole] = keys[next]
                values[hole] = values[next]
                values[next] = nil
                hole = next
            }
            next = (next + 1) & mask
        }
        return removed
    }

    @inline(__always)
    private func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The slot holding `key`, or the empty slot where it would go.
    @inline(__always)
    private func find(_ key: UInt64) -> Int {
        let mask = keys.count - 1
        var slot = home(key)
        while values[slot] != nil, keys[slot] != key { slot = (slot + 1) & mask }
        return slot
    }

    /// Twice the slots; each entry moved, not copied (a copy of a value holding a `String` goes
    /// through the runtime).
    private mutating func grow() {
        var oldKeys = Array(repeating: UInt64(0), count: keys.count * 2)
        var oldValues = [Value?](repeating: nil, count: keys.count * 2)
        swap(&oldKeys, &keys)
        swap(&oldValues, &values)
        shift -= 1
        for index in oldKeys.indices {
            guard let value = oldValues[index].take() else { continue }
            let slot = find(oldKeys[index])
            keys[slot] = oldKeys[index]
            values[slot] = consume value
        }
    }
}
