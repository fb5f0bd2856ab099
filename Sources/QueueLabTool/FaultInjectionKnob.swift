/// `QUEUELAB_INJECT_NS`, as the tool checks it before sampling. The injection itself
/// (QueueLabScheduling's `InjectedCost`) exists only in debug builds and in release builds with the
/// package trait `FaultInjection`; every build still knows the variable, so that a non-zero value given to a build
/// without it is refused out loud instead of measuring the queues unslowed as if they were slowed.
///
/// `package`: a user sets the variable; only the tool and its tests read it through this type.
package enum FaultInjectionKnob {
    /// The variable's name. Its value, a whole number of nanoseconds, plants about that much extra
    /// work on each add and finish path of the lock and actor queues; unset or 0 means none.
    package static let environmentVariable = "QUEUELAB_INJECT_NS"

    #if QUEUELAB_FAULT_INJECTION
        /// Whether this build's lock and actor queues spend the knob: true in this build (a debug
        /// build, or one with the trait `FaultInjection`).
        package static let isCompiledIn = true
    #else
        /// Whether this build's lock and actor queues spend the knob: false in this build (a release
        /// build without the trait `FaultInjection`).
        package static let isCompiledIn = false
    #endif

    /// Why the knob's value in `environment` is unusable, or nil: not a whole number of nanoseconds;
    /// or, when `spentByThisBuild` (the samples run this very executable), a non-zero value that a
    /// build without the trait would ignore.
    package static func problem(in environment: [String: String], spentByThisBuild: Bool = false) -> String? {
        guard let value = environment[environmentVariable] else { return nil }
        guard let nanoseconds = UInt64(value) else {
            return "\(environmentVariable) is '\(value)', not a whole number of nanoseconds"
        }
        guard spentByThisBuild, nanoseconds != 0, !isCompiledIn else { return nil }
        return "\(environmentVariable) is \(value), but this build has no fault injection "
            + "(a release build has it only with the package trait: swift build -c release --traits FaultInjection)"
    }
}
