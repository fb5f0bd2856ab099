#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The largest value each integer workload parameter takes, and the memory a workload's operations
/// may claim: checked when the workload is parsed, so that `n=1000000000000` is one line and exit 2
/// instead of an allocation of terabytes, and `late_tolerance_us=18446744073709552` is not an
/// overflow when it becomes nanoseconds.
package enum WorkloadLimits {
    /// Upper bounds by parameter (lower bounds are `Workload.rangeProblem`'s). Generous:
    /// each is far beyond a sample that ends in minutes, and far below where arithmetic on it
    /// (times 1000 for nanoseconds, times the operation count) could overflow.
    package static let largest: [String: Int] = [
        "n": 100_000_000, "rounds": 10_000_000, "k": 1_000_000, "threads": 1_024, "width": 1_024,
        "us": 10_000_000, "edges": 1_000, "categories": 1_024, "depth": 1_000_000, "every": 100_000_000,
        "length": 100_000_000, "ms": 3_600_000, "late_tolerance_us": 60_000_000,
    ]
    /// For parameters not listed above (sizes and counts).
    package static let largestOtherwise = 100_000_000

    /// Bytes one operation of a sample can hold at once, with room to spare: the operation, its
    /// closure and record in the queue, its latency slots and, in `trace`, four transitions.
    package static let bytesPerOperation = 1_024

    /// Why `value` is above the parameter's bound, or nil (`seed` takes any value).
    static func problem(_ key: String, _ value: Int) -> String? {
        guard key != "seed" else { return nil }
        let bound = largest[key] ?? largestOtherwise
        return value > bound ? "must be at most \(bound)" : nil
    }

    /// Bytes one dependency edge holds: its place in the dependent's list and the dependency's,
    /// the graph's entry, and the queue's count of unfinished dependencies.
    package static let bytesPerEdge = 64

    /// Why `operations` operations and `edges` dependency edges would not fit in half of the
    /// machine's memory, or nil. Both are bounded by ``largest`` so that the product cannot overflow.
    static func memoryProblem(operations: Int, edges: Int = 0) -> String? {
        let available = physicalMemory / 2
        let needed = operations * bytesPerOperation + edges * bytesPerEdge
        guard needed > available else { return nil }
        let edgeText = edges > 0 ? " and \(edges) dependency edges at \(bytesPerEdge) bytes" : ""
        return "\(operations) operations at up to \(bytesPerOperation) bytes each\(edgeText) need more than half of "
            + "the physical memory's \(physicalMemory / 1_048_576) MiB (\(needed / 1_048_576) MiB)"
    }

    /// Physical memory in bytes (4 GiB when the system does not say).
    static var physicalMemory: Int {
        let pages = sysconf(Int32(_SC_PHYS_PAGES))
        let size = sysconf(Int32(_SC_PAGESIZE))
        guard pages > 0, size > 0, pages <= Int.max / size else { return 4 << 30 }
        return pages * size
    }
}
