#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension TestTier {
    /// Whether this process runs under ThreadSanitizer (its runtime is linked in). Under it the
    /// tests look for races, not for the suite's power: the mutant suites run fewer seeds, Callgrind
    /// is not run, and suites stay on the cooperative pool (``BlockingThreadsTrait``).
    public static let runsUnderThreadSanitizer: Bool =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
}
