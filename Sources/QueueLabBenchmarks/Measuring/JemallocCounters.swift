#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// jemalloc's process-wide allocation counters, read through `mallctl` when jemalloc is the allocator.
///
/// `mallctl` is looked up at run time (`dlsym(RTLD_DEFAULT, "mallctl")`), so the same binary runs
/// under glibc (no counters) and under a preloaded jemalloc. The counters are the merged arena
/// statistics (`stats.arenas.4096.*`, refreshed by writing `epoch`): they count each allocation only
/// when the thread cache is off, which is why the runner starts jemalloc children with
/// `MALLOC_CONF=tcache:false`; with the cache on they count cache refills instead. Bytes are summed
/// per size class (`nmalloc` of each bin and large extent times its size), so they are the bytes
/// jemalloc handed out, rounded up to its size classes.
package struct JemallocCounters: Sendable, Equatable {
    package var allocations: UInt64
    package var bytes: UInt64

    package init(allocations: UInt64, bytes: UInt64) {
        self.allocations = allocations
        self.bytes = bytes
    }

    private typealias MallctlFunction =
        @convention(c) (
            UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?, UnsafeMutableRawPointer?, Int
        ) -> Int32

    private static func mallctl() -> MallctlFunction? {
        #if canImport(Glibc)
            let defaultHandle = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
        #else
            let defaultHandle = UnsafeMutableRawPointer(bitPattern: -2)
        #endif
        guard let symbol = dlsym(defaultHandle, "mallctl") else { return nil }
        return unsafeBitCast(symbol, to: MallctlFunction.self)
    }

    /// Whether the process runs under jemalloc.
    package static var isAvailable: Bool { mallctl() != nil }

    /// The totals since the process started, or `nil` when jemalloc is not the allocator (or was built
    /// without statistics).
    ///
    /// A read allocates nothing once the size classes are built (which happens before the first
    /// snapshot), so two reads around a workload count the workload's allocations and nothing of
    /// their own: building the names on each read cost about 1,200 allocations that landed in the
    /// measured window.
    package static func read() -> JemallocCounters? {
        guard let call = mallctl(), let classes = SizeClasses.shared else { return nil }
        // Writing any value to "epoch" refreshes the statistics snapshot that the reads below see.
        var epoch: UInt64 = 1
        _ = call("epoch", nil, nil, &epoch, MemoryLayout<UInt64>.size)
        var allocations: UInt64 = 0
        var bytes: UInt64 = 0
        for index in classes.counterNames.indices {
            var count: UInt64 = 0
            var size = MemoryLayout<UInt64>.size
            let status = classes.counterNames[index].withCString { call($0, &count, &size, nil, 0) }
            guard status == 0 else { return nil }
            allocations &+= count
            bytes &+= count &* classes.sizes[index]
        }
        return JemallocCounters(allocations: allocations, bytes: bytes)
    }

    /// jemalloc's size classes (small bins, then large extents): the name of each one's merged
    /// `nmalloc` counter and its size. Built once; `nil` when jemalloc is not the allocator.
    struct SizeClasses: Sendable {
        let counterNames: [String]
        let sizes: [UInt64]

        static let shared: SizeClasses? = {
            guard let call = mallctl() else { return nil }
            func value<T: FixedWidthInteger>(_ name: String, as: T.Type) -> T? {
                var result: T = 0
                var size = MemoryLayout<T>.size
                let status = name.withCString { call($0, &result, &size, nil, 0) }
                return status == 0 ? result : nil
            }
            guard let bins = value("arenas.nbins", as: UInt32.self),
                let extents = value("arenas.nlextents", as: UInt32.self)
            else { return nil }
            var names: [String] = []
            var sizes: [UInt64] = []
            for (kind, count) in [("bin", bins), ("lextent", extents)] {
                for index in 0..<count {
                    guard let size = value("arenas.\(kind).\(index).size", as: Int.self) else { return nil }
                    names.append("stats.arenas.4096.\(kind)s.\(index).nmalloc")
                    sizes.append(UInt64(size))
                }
            }
            return SizeClasses(counterNames: names, sizes: sizes)
        }()
    }

    package func since(_ earlier: JemallocCounters) -> JemallocCounters {
        JemallocCounters(allocations: allocations &- earlier.allocations, bytes: bytes &- earlier.bytes)
    }
}
