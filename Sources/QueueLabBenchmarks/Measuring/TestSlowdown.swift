/// The test-only knob that deliberately slows every operation body, so that the regression
/// detection of `queuelab compare` can be demonstrated on a known slowdown.
package enum TestSlowdown {
    /// The environment variable read once per sample: nanoseconds each operation body spins.
    package static let environmentVariable = "QUEUELAB_TEST_SLOWDOWN_NS"

    package static func nanosecondsFromEnvironment(_ environment: [String: String]) -> UInt64 {
        environment[environmentVariable].flatMap { UInt64($0) } ?? 0
    }

    /// Why the knob's value in `environment` is unusable (not a whole number of nanoseconds), or nil.
    /// `bench` checks it before sampling: a sample would otherwise run unslowed without a word.
    package static func problem(in environment: [String: String]) -> String? {
        guard let value = environment[environmentVariable], UInt64(value) == nil else { return nil }
        return "\(environmentVariable) is '\(value)', not a whole number of nanoseconds"
    }
}
