import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The smallest lock there is: one atomic flag, for critical sections of a few instructions
/// (swapping a closure reference). Cheaper than an `NSLock`, which costs each operation two
/// allocations and a mutex initialisation; ThreadSanitizer sees its acquire/release ordering.
struct SpinGuard: ~Copyable {
    private let held = Atomic<Bool>(false)

    init() {}

    func withLock<T>(_ body: () -> T) -> T {
        while !held.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
            sched_yield()
        }
        defer { held.store(false, ordering: .releasing) }
        return body()
    }
}
