import QueueLabCore

/// What a scenario gets from the runner: the level, its generator, its time bound.
///
/// Used by the scenario's own thread only (bodies get what they need from ``Harness``).
final class ScenarioContext: @unchecked Sendable {
    // @unchecked Sendable: the runner hands the context to the one scenario thread and reads
    // `currentPhase` (lock-protected) only for a stuck-thread report.
    let level: ConformanceLevel
    let capabilities: QueueCapabilities
    var rng: SplitMix64
    /// Budget of the whole check (scenario iterations share it).
    let deadline: Deadline
    private let phaseLock = NSLockBox()
    private var phase = "starting"

    init(level: ConformanceLevel, capabilities: QueueCapabilities, rng: SplitMix64, deadline: Deadline) {
        self.level = level
        self.capabilities = capabilities
        self.rng = rng
        self.deadline = deadline
    }

    /// What the scenario is doing now: the report's answer when a call into the queue never returns.
    var currentPhase: String {
        get { phaseLock.withLock { phase } }
        set { phaseLock.withLock { phase = newValue } }
    }

    func has(_ capability: QueueCapabilities) -> Bool { capabilities.isSuperset(of: capability) }
}

extension ScenarioContext {
    /// The same check with its own deadline: for the reruns of shrinking.
    func child(deadline: Deadline) -> ScenarioContext {
        ScenarioContext(level: level, capabilities: capabilities, rng: rng, deadline: deadline)
    }
}
