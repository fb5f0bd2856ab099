import QueueLabCore

/// Busy-waiting, for operations that must cost a known amount of CPU time.
public enum Spin {
    /// Spins on the monotonic clock for `nanoseconds` (no sleep: the thread stays on the CPU).
    @inlinable
    public static func spin(nanoseconds: UInt64) {
        guard nanoseconds > 0 else { return }
        let end = MonotonicClock.now() &+ nanoseconds
        while MonotonicClock.now() < end {}
    }
}

/// The test-only knob that deliberately slows every operation body, so that the regression
/// detection of `queuelab compare` can be demonstrated on a known slowdown.
public enum TestSlowdown {
    /// The environment variable read once per sample: nanoseconds each operation body spins.
    public static let environmentVariable = "QUEUELAB_TEST_SLOWDOWN_NS"

    public static func nanosecondsFromEnvironment(_ environment: [String: String]) -> UInt64 {
        environment[environmentVariable].flatMap { UInt64($0) } ?? 0
    }
}
