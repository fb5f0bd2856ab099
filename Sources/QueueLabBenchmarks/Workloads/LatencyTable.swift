/// One time per operation (`inversion`'s `veryHigh` ones, `makespan`'s all), written once by its body.
final class LatencyTable: @unchecked Sendable {
    // @unchecked Sendable: slot i is written once, by the body of the i-th operation, and read
    // (`sorted()`, the subscript) only after the queue drained (the drain's wait orders every body
    // before it).
    private let values: UnsafeMutableBufferPointer<UInt64>

    init(count: Int) {
        values = .allocate(capacity: Swift.max(1, count))
        values.initialize(repeating: 0)
    }

    deinit { values.deallocate() }

    func record(_ slot: Int, _ nanoseconds: UInt64) { values[slot] = Swift.max(1, nanoseconds) }

    /// Slot `slot`'s time; 0 when it was never written.
    subscript(slot: Int) -> UInt64 { values[slot] }

    /// The recorded times, ascending (slots never written left out).
    func sorted() -> [UInt64] { values.filter { $0 != 0 }.sorted() }
}
