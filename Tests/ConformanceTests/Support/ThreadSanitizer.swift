#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether this process runs under ThreadSanitizer (its runtime is linked in): the default-level
/// mutant tests, thousands of operations per seed through the test queue, then run fewer seeds.
/// Under it they look for races in the suite, not for its power; the plain run shows the power.
let runsUnderThreadSanitizer: Bool = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
